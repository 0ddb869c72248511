// The five graphs of longtask's EngineBench (src/test/java/dev/longtask/engine/EngineBench.java), made the same way:
// the same shapes, the same concurrency, and the random ones from java.util.Random seeded with 42, drawn in the same
// order, so that both engines work exactly the same dependencies.

/** java.util.Random: a 48-bit linear congruential generator (its Javadoc gives the algorithm). */
export class JavaRandom {
  static #MULTIPLIER = 0x5DEECE66Dn;
  static #MASK = (1n << 48n) - 1n;

  #seed;

  constructor(seed) {
    this.#seed = (BigInt(seed) ^ JavaRandom.#MULTIPLIER) & JavaRandom.#MASK;
  }

  #next(bits) {
    this.#seed = (this.#seed * JavaRandom.#MULTIPLIER + 0xBn) & JavaRandom.#MASK;
    return BigInt.asIntN(32, this.#seed >> BigInt(48 - bits));
  }

  nextInt(bound) {
    if ((bound & -bound) === bound) {
      return Number((BigInt(bound) * this.#next(31)) >> 31n);
    }
    for (;;) {
      const bits = Number(this.#next(31));
      const value = bits % bound;
      if (((bits - value + (bound - 1)) | 0) >= 0) {
        return value;
      }
    }
  }

  nextBoolean() {
    return this.#next(1) !== 0n;
  }

  nextDouble() {
    return Number((this.#next(26) << 27n) + this.#next(27)) * 2 ** -53;
  }
}

function chain(n) {
  const deps = new Map();
  for (let i = 2; i <= n; i++) deps.set(i, [i - 1]);
  return deps;
}

function fanIn(n) {
  return new Map([[n + 1, Array.from({ length: n }, (_, k) => k + 1)]]);
}

function layered(n, width, random) {
  const deps = new Map();
  for (let i = width + 1; i <= n; i++) {
    const layerStart = (Math.floor((i - 1) / width) - 1) * width + 1;
    const d = [layerStart + random.nextInt(width)];
    if (random.nextBoolean()) d.push(layerStart + random.nextInt(width));
    deps.set(i, [...new Set(d)]);
  }
  return deps;
}

function randomDag(n, p, random) {
  const deps = new Map();
  for (let i = 2; i <= n; i++) {
    const d = [];
    for (let j = 1; j < i; j++) if (random.nextDouble() < p) d.push(j);
    deps.set(i, d);
  }
  return deps;
}

/** The shapes in EngineBench's order; tasks are numbered from 1, deps maps a task to the tasks it waits for. */
export function shapes() {
  const random = new JavaRandom(42);
  return [
    { name: 'chain of 12', tasks: 12, concurrency: 4, deps: chain(12) },
    { name: '40 independent', tasks: 40, concurrency: 4, deps: new Map() },
    { name: 'layered 48 (width 8)', tasks: 48, concurrency: 4, deps: layered(48, 8, random) },
    { name: 'random DAG 60', tasks: 60, concurrency: 6, deps: randomDag(60, 0.05, random) },
    { name: 'fan-in 30 -> 1', tasks: 31, concurrency: 8, deps: fanIn(30) },
  ];
}

function criticalPath(shape) {
  const depth = new Map();
  let longest = 0;
  for (let i = 1; i <= shape.tasks; i++) {
    let d = 1;
    for (const dep of shape.deps.get(i) ?? []) d = Math.max(d, depth.get(dep) + 1);
    depth.set(i, d);
    longest = Math.max(longest, d);
  }
  return longest;
}

/** EngineBench.boundWaves: the lower bound of the makespan in task times on shape.concurrency workers. */
export function boundWaves(shape) {
  const k = shape.concurrency;
  let waves = Math.max(criticalPath(shape), Math.ceil(shape.tasks / k));
  const tail = new Map();
  for (let i = shape.tasks; i >= 1; i--) {
    let longest = 0;
    for (let j = i + 1; j <= shape.tasks; j++) {
      if ((shape.deps.get(j) ?? []).includes(i)) longest = Math.max(longest, tail.get(j));
    }
    tail.set(i, 1 + longest);
  }
  const ancestors = new Map();
  for (let i = 1; i <= shape.tasks; i++) {
    const mine = new Set();
    for (const dep of shape.deps.get(i) ?? []) {
      mine.add(dep);
      for (const a of ancestors.get(dep)) mine.add(a);
    }
    ancestors.set(i, mine);
    waves = Math.max(waves, Math.ceil(mine.size / k) + tail.get(i));
  }
  return waves;
}
