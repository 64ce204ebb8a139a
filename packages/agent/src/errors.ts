// One error type for the agent, with a code the CLI maps to an exit status.
export type AgentErrorCode = "EUSAGE" | "ETOOLARGE" | "EUNSUPPORTED" | "EDRIFT" | "ELOG" | "ESANDBOX";

export class AgentError extends Error {
  constructor(
    message: string,
    readonly code: AgentErrorCode,
  ) {
    super(message);
    this.name = "AgentError";
  }
}
