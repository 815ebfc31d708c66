/** Whether a token may call, and why not. */
export type AuthResult = { ok: true; token: string } | { ok: false; codigo: 'TOKEN_INVALIDO' | 'TOKEN_DE_OUTRO_AMBIENTE'; mensagem: string };

/** Reads `Authorization: Bearer <token>` by the spec's rules, the fake playing the sandbox. */
export function authenticate(authorization: string | null, accepts: (token: string) => boolean): AuthResult {
  const match = /^Bearer +(\S+)$/i.exec(authorization?.trim() ?? '');
  const token = match?.[1];
  if (token === undefined) return { ok: false, codigo: 'TOKEN_INVALIDO', mensagem: 'Envie o cabeçalho Authorization: Bearer <token>.' };
  // Checked before the accept list: a production token can never work here, whatever the options say.
  if (token.startsWith('svc_prod_')) {
    return { ok: false, codigo: 'TOKEN_DE_OUTRO_AMBIENTE', mensagem: 'Token de produção usado no sandbox; use um token svc_sbx_.' };
  }
  if (!accepts(token)) return { ok: false, codigo: 'TOKEN_INVALIDO', mensagem: 'Token inválido ou revogado.' };
  return { ok: true, token };
}

/** Extracts the token for keying state even when it is refused (rate headers of a 401). */
export function bearerOf(authorization: string | null): string {
  return /^Bearer +(\S+)$/i.exec(authorization?.trim() ?? '')?.[1] ?? '';
}
