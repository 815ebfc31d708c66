const TOKEN_PATTERN = /svc_(?:sbx|prod)_[^\s"'<>\\,;]+/g;

/** Replaces anything shaped like an access token with a marker, so no error or log can leak one. */
export function redactTokens(text: string): string {
  return text.replace(TOKEN_PATTERN, (m) => `${m.startsWith('svc_sbx_') ? 'svc_sbx_' : 'svc_prod_'}[redacted]`);
}
