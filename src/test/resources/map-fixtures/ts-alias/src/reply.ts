export type Reply<T = unknown, E extends Error = Error> = { data?: T; error?: E };

export type Handler<Req = Request> = (req: Req) => Promise<Reply>;

export function reply(data: string): Reply<string>;
export function reply(data: number): Reply<number>;
export function reply(data: unknown): Reply {
  return { data };
}
