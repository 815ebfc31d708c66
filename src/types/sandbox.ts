import type { Sandbox as SandboxType, SandboxConta, SandboxEtiquetas, SandboxFinanceiro, SandboxPedidos, SandboxProdutos, EstoqueDefinirParams, LancamentoCriarParams, StatusEtiquetaSimulavel } from '../resources/sandbox.js';

/** The sandbox's simulators: `client.sandbox` (this type), its sub-resources and parameters. */
export type Sandbox = SandboxType;

/** The sandbox's simulators: `client.sandbox` (this type), its sub-resources and parameters. */
export declare namespace Sandbox {
  export {
    type SandboxConta as SandboxConta,
    type SandboxEtiquetas as SandboxEtiquetas,
    type SandboxFinanceiro as SandboxFinanceiro,
    type SandboxPedidos as SandboxPedidos,
    type SandboxProdutos as SandboxProdutos,
    type EstoqueDefinirParams as EstoqueDefinirParams,
    type LancamentoCriarParams as LancamentoCriarParams,
    type StatusEtiquetaSimulavel as StatusEtiquetaSimulavel,
  };
}
