// Every route the app registered, as "METHOD /url": the console's security test walks them
// all, so a new console route cannot go unchecked.
import type { App } from './types.ts';

const lists = new WeakMap<object, string[]>();

/** Call before registering routes. */
export function collectRoutes(app: App): void {
  const list: string[] = [];
  lists.set(app, list);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') list.push(`${method} ${route.url}`);
  });
}

export function routesOf(app: App): string[] {
  return [...(lists.get(app) ?? [])];
}
