/** A Map of at most `max` entries: adding one more forgets all the others (inputs chosen by callers can never grow it without bound). */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly max: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (this.size >= this.max && !this.has(key)) this.clear();
    return super.set(key, value);
  }
}

/**
 * `compute` remembered per key, for up to `max` keys: the values of inputs that repeat (a
 * visitor's address, a request's origin) are computed once.
 */
export function boundedMemo<V>(max: number, compute: (key: string) => V): (key: string) => V {
  const known = new BoundedMap<string, V>(max);
  return (key) => {
    let value = known.get(key);
    if (value === undefined) {
      value = compute(key);
      known.set(key, value);
    }
    return value;
  };
}
