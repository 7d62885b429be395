/**
 * Values frozen all the way down (the kept checkpoints of books/repository.ts, the question bank's lookups
 * in content/question-bank.ts): nothing in them can change, so what is made from them may be kept too —
 * the response serializer keeps their JSON (http/serializer.ts).
 */
const deeplyFrozen = new WeakSet<object>();

/** Freezes an object and everything in it, and remembers it as frozen all the way down. */
export function deepFreeze<T>(value: T): T {
  freezeAll(value);
  if (value && typeof value === 'object') deeplyFrozen.add(value);
  return value;
}

function freezeAll(value: unknown): void {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) freezeAll(child);
  }
}

/** Whether `value` went through deepFreeze (an object frozen by other means may hold unfrozen ones). */
export const isDeeplyFrozen = (value: object): boolean => deeplyFrozen.has(value);
