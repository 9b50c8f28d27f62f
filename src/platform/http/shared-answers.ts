import type { FastifySerializerCompiler } from 'fastify/types/schema';

/**
 * An answer object that several requests send as it is: the callers a coalesced read served
 * (coalesced-reads.ts) answer with one object, built once. It is checked against its route's
 * response schema and turned into text once (`sharingSerializer`), and the patients it shows are
 * taken from it once (access-trail.ts), instead of once per caller. Whoever shares an answer must
 * never change it afterwards: it is frozen at its top level, and its contents are the coalesced
 * read's, which its callers treat as read-only already.
 */
const shared = new WeakSet<object>();

export function shareAnswer<T extends object>(answer: T): T {
  shared.add(Object.freeze(answer));
  return answer;
}

export function isSharedAnswer(value: unknown): value is object {
  return typeof value === 'object' && value !== null && shared.has(value);
}

/**
 * A serializer compiler whose routes serialise a shared answer once: its text is kept beside the
 * object (for as long as the object lives) by each route's own serializer, so a route never sends
 * another route's text. Every other answer goes through `inner` as before.
 */
export function sharingSerializer<S>(inner: FastifySerializerCompiler<S>): FastifySerializerCompiler<S> {
  return (route) => {
    const serialize = inner(route);
    const texts = new WeakMap<object, string>();
    return (data) => {
      if (!isSharedAnswer(data)) return serialize(data);
      let text = texts.get(data);
      if (text === undefined) texts.set(data, (text = serialize(data)));
      return text;
    };
  };
}
