import type { Pedidos as PedidosType, PedidoCriarParams, PedidoItemParams, PedidoListarParams, PedidoValidarParams } from '../resources/pedidos.js';
import type { Pedido, PedidoResumo, ItemPedido, PedidoValidacao, OrigemPedido, StatusPedido, EnviarPara, Anexo, TipoAnexo, Despesa, Rastreio } from '../models/index.js';
import type { PedidoComprovantes, ComprovanteEnviarParams } from '../resources/pedidos/comprovantes.js';
import type { PedidoDespesas, DespesaAdicionarParams } from '../resources/pedidos/despesas.js';
import type { PedidoRastreios, RastreioAdicionarParams } from '../resources/pedidos/rastreios.js';

/** Orders: `client.pedidos` (this type), its records, sub-resources and parameters. */
export type Pedidos = PedidosType;

/** Orders: `client.pedidos` (this type), its records, sub-resources and parameters. */
export declare namespace Pedidos {
  export {
    type Pedido as Pedido,
    type PedidoResumo as PedidoResumo,
    type ItemPedido as ItemPedido,
    type PedidoValidacao as PedidoValidacao,
    type OrigemPedido as OrigemPedido,
    type StatusPedido as StatusPedido,
    type EnviarPara as EnviarPara,
    type PedidoCriarParams as PedidoCriarParams,
    type PedidoItemParams as PedidoItemParams,
    type PedidoListarParams as PedidoListarParams,
    type PedidoValidarParams as PedidoValidarParams,
    type PedidoComprovantes as PedidoComprovantes,
    type ComprovanteEnviarParams as ComprovanteEnviarParams,
    type Anexo as Anexo,
    type TipoAnexo as TipoAnexo,
    type PedidoDespesas as PedidoDespesas,
    type DespesaAdicionarParams as DespesaAdicionarParams,
    type Despesa as Despesa,
    type PedidoRastreios as PedidoRastreios,
    type RastreioAdicionarParams as RastreioAdicionarParams,
    type Rastreio as Rastreio,
  };
}
