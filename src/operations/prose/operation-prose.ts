/**
 * @internal What is said of one operation, kept beside its row rather than in it: the OpenAPI document,
 * the MCP tools and the docs read it, the SDK's calls never do, so the main entry (whose methods call
 * the rows) does not carry 53 operations' worth of prose (bench/README.md, "Size").
 */
export interface OperationProse {
  /** One English line: what the operation does. */
  readonly summary: string;
  /** One or two English sentences for the document and the tools: what it does and the errors worth knowing. */
  readonly description: string;
}
