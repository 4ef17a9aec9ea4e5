// Why an admin action was refused. Pages show the message; the API answers with the status and code.
export class AdminActionError extends Error {
  constructor(
    public readonly status: 400 | 403 | 404 | 409 | 428,
    public readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
