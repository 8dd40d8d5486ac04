// Field paths as apimachinery's field.Path prints them: `a.b`, `a[0]`, `properties[spec]`.

export class FieldPath {
  private constructor(private readonly s: string) {}

  static root(name: string): FieldPath {
    return new FieldPath(name);
  }

  child(...names: string[]): FieldPath {
    let s = this.s;
    for (const n of names) s = s ? `${s}.${n}` : n;
    return new FieldPath(s);
  }

  index(i: number): FieldPath {
    return new FieldPath(`${this.s}[${i}]`);
  }

  key(k: string): FieldPath {
    return new FieldPath(`${this.s}[${k}]`);
  }

  toString(): string {
    return this.s;
  }
}
