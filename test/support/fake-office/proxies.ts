/**
 * The shapes every Office.js proxy shares: a property is readable once loaded and synced, a
 * collection fills `items` at the sync, an ...OrNullObject says isNullObject, and an object's
 * path resolves at the first sync that needs it.
 */
import { notLoaded, richApiError } from "./excel-errors";
import { jsonBytes, utf8Bytes } from "./limits";
import type { Batch } from "./recording";

/** Office.js proxies are loosely typed on purpose: the add-in's own types check how it uses them. */
export type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The names a load(...) asks for: "a,b", ["a", "b"], {select: "a"} or nothing (every light property). */
export function requested(what: unknown, light: readonly string[]): string[] {
  const text =
    typeof what === "string"
      ? what
      : Array.isArray(what)
        ? what.join(",")
        : typeof what === "object" && what
          ? String((what as Any).select ?? "")
          : "";
  const names = text
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length === 0 ? [...light] : names;
}

/**
 * Gives `proxy` load() and getters for `light` properties (what a bare load() brings) and
 * `heavy` ones (brought only when named, and counted in the answer's bytes); `read` runs at the
 * sync and returns null for a null object.
 */
export function loadable(
  proxy: Any,
  batch: Batch,
  light: readonly string[],
  read: (names: string[]) => Record<string, unknown> | null,
  heavy: readonly string[] = [],
): Any {
  let loaded: Record<string, unknown> | undefined;
  const fill = (names: string[] = [...light]) => {
    const snapshot = read(names);
    loaded = { ...(loaded ?? {}), ...(snapshot ?? {}), isNullObject: snapshot === null };
    let bytes = 0;
    for (const name of names) if (heavy.includes(name) && snapshot) bytes += jsonBytes(snapshot[name]);
    return bytes;
  };
  proxy.load = (what?: unknown) => {
    const names = requested(what, light);
    batch.push({ bytes: 40 + utf8Bytes(names.join(",")), apply: () => fill(names) });
    return proxy;
  };
  proxy.__fill = fill;
  for (const name of [...light, ...heavy, "isNullObject"]) {
    const own = Object.getOwnPropertyDescriptor(proxy, name);
    Object.defineProperty(proxy, name, {
      configurable: true,
      enumerable: true,
      get: () => {
        if (!loaded || !(name in loaded)) throw notLoaded(name);
        return loaded[name];
      },
      ...(own?.set ? { set: own.set } : {}),
    });
  }
  return proxy;
}

/** A ClientResult: its value is there after the sync. */
export function clientResult(batch: Batch, compute: () => unknown): { readonly value: unknown } {
  let done = false;
  let value: unknown;
  batch.push({
    bytes: 40,
    apply: () => {
      value = compute();
      done = true;
      return jsonBytes(value);
    },
  });
  return {
    get value() {
      if (!done) throw new Error("fake Excel: the value of a ClientResult is there only after context.sync()");
      return value;
    },
  };
}

/** Resolves once, at the first sync that needs it (as Office.js resolves an object's path), then keeps the answer. */
export function once<T>(resolve: () => T): () => T {
  let done = false;
  let value: T;
  return () => {
    if (!done) {
      value = resolve();
      done = true;
    }
    return value;
  };
}

/** A collection: load() fills `items` (each loaded with the properties asked as items/...). */
export function collection(batch: Batch, list: () => Any[]): Any {
  let items: Any[] | undefined;
  const proxy: Any = {
    load: (what?: unknown) => {
      const text = typeof what === "string" ? what : Array.isArray(what) ? what.join(",") : "";
      const itemNames = text
        .split(",")
        .map((name) => name.trim())
        .filter((name) => name.startsWith("items/"))
        .map((name) => name.slice("items/".length));
      batch.push({
        bytes: 40,
        apply: () => {
          items = list();
          let bytes = 0;
          for (const item of items)
            bytes += item.__fill ? item.__fill(itemNames.length > 0 ? itemNames : undefined) : 0;
          return bytes;
        },
      });
      return proxy;
    },
    getCount: () => clientResult(batch, () => list().length),
    getFirstOrNullObject: () => {
      const first = once(() => list()[0] ?? null);
      return nullable(first, batch);
    },
  };
  Object.defineProperty(proxy, "items", {
    get: () => {
      if (!items) throw notLoaded("items");
      return items;
    },
  });
  Object.defineProperty(proxy, "count", {
    get: () => {
      if (!items) throw notLoaded("count");
      return items.length;
    },
  });
  return proxy;
}

/** A proxy from getFirstOrNullObject: the item's own proxy once found, a null object otherwise. */
function nullable(find: () => Any | null, batch: Batch): Any {
  const proxy: Any = {};
  let found: Any | null | undefined;
  proxy.load = (what?: unknown) => {
    batch.push({
      bytes: 40,
      apply: () => {
        found = find();
        if (found) {
          const bytes = found.__fill(what === undefined ? undefined : requested(what, []));
          for (const key of Object.keys(found))
            if (!(key in proxy)) Object.defineProperty(proxy, key, { get: () => found[key], configurable: true });
          return bytes;
        }
        return 0;
      },
    });
    return proxy;
  };
  Object.defineProperty(proxy, "isNullObject", {
    get: () => {
      if (found === undefined) throw notLoaded("isNullObject");
      return found === null;
    },
  });
  return proxy;
}

/**
 * An ...OrNullObject of a kind whose proxy `make` builds: usable at once like the real thing,
 * and isNullObject once loaded and synced.
 */
export function orNull<T>(find: () => T | null, make: (resolve: () => T) => Any, batch: Batch): Any {
  const located = once(find);
  const proxy = make(() => {
    const found = located();
    if (found === null) throw richApiError("InvalidOperation", "fake Excel: this object is a null object");
    return found;
  });
  let isNull: boolean | undefined;
  proxy.load = (what?: unknown) => {
    batch.push({
      bytes: 40,
      apply: () => {
        isNull = located() === null;
        if (isNull) return 0;
        const names = what === undefined ? [] : requested(what, []);
        return proxy.__fill(names.length > 0 ? names : undefined);
      },
    });
    return proxy;
  };
  Object.defineProperty(proxy, "isNullObject", {
    configurable: true,
    get: () => {
      if (isNull === undefined) throw notLoaded("isNullObject");
      return isNull;
    },
  });
  return proxy;
}
