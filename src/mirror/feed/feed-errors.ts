/** @internal The feed's JSON error answer: the API's own error shape (`erro.codigo`, `erro.mensagem`). */
export function feedError(status: number, codigo: string, mensagem: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ erro: { codigo, mensagem, detalhes: [] } }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}
