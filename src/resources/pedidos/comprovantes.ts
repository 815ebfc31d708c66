import type { Anexo } from '../../models/anexo.js';
import { callOperation } from '../../operations/call.js';
import { PEDIDOS_ROWS as rows } from '../../operations/pedidos.js';
import type { ApiPromise } from '../../transport/api-promise.js';
import type { RequestOptions } from '../../transport/request-options.js';
import { Resource } from '../resource.js';
import type { ArquivoInput } from '../uploads/read-file.js';
import { uploadForm, type UploadKind } from '../uploads/upload-form.js';

/** Options of {@link PedidoComprovantes.enviar}. */
export interface ComprovanteEnviarParams {
  /** File name sent with the upload. @default the File's name, the path's last segment, or `comprovante.<pdf|jpg|png>` */
  nomeArquivo?: string | undefined;
}

const PROOF: UploadKind = { onlyKnownTypes: true, defaultName: 'comprovante', fields: { tipo: 'COMPROVANTE' } };

/** Payment proofs of an order (`client.pedidos.comprovantes`). */
export class PedidoComprovantes extends Resource {
  /**
   * Uploads a payment proof (POST /v1/pedidos/{pedidoId}/anexos, multipart/form-data: field `tipo`
   * = `COMPROVANTE` and the file in field `arquivo`). The type comes from the content, as on the
   * server: PDF, JPEG or PNG. Refused before sending: any other content, and a PDF holding
   * script, an embedded file, a form or encryption; the server's own check stays the authority.
   *
   * Sent without Idempotency-Key, so the SDK does not retry it once it may have reached the server
   * (a lost connection after sending surfaces as ConnectionError): check the order's `anexos` before
   * sending again. Once a proof is validated the order accepts no other.
   *
   * @param arquivo a Blob or File, bytes (Uint8Array, Buffer, ArrayBuffer), or a file path (Node).
   */
  enviar(pedidoId: string, arquivo: ArquivoInput, params?: ComprovanteEnviarParams, options?: RequestOptions): ApiPromise<Anexo> {
    return callOperation(this.transport, rows.pedidosComprovantesEnviar, { pedidoId, arquivo, nomeArquivo: params?.nomeArquivo }, options, {
      bodyFrom: () => uploadForm(arquivo, params?.nomeArquivo, PROOF),
    });
  }

  /** Removes a proof (DELETE /v1/pedidos/{pedidoId}/anexos/{anexoId}); refused by the API once validated. */
  remover(pedidoId: string, anexoId: string, options?: RequestOptions): ApiPromise<void> {
    return callOperation(this.transport, rows.pedidosComprovantesRemover, { pedidoId, anexoId }, options);
  }
}
