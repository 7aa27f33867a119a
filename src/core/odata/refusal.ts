/**
 * A request the feed will not answer, naming the query option at fault (`$filter`, `$select`...)
 * so that whoever wrote the URL (Power Query, an analyst) knows what to change. `status` is the
 * HTTP status: 400 unless the request asks for a format the feed does not write (406).
 */
export class FeedRefusal extends Error {
  readonly option: string;
  readonly status: number;
  readonly code: string;

  constructor(option: string, message: string, init: { status?: number; code?: string } = {}) {
    super(`${option}: ${message}`);
    this.name = "FeedRefusal";
    this.option = option;
    this.status = init.status ?? 400;
    this.code = init.code ?? "invalid_query_option";
  }
}
