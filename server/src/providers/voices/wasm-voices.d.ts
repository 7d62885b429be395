/** The two WebAssembly voices ship no types: each default export builds its Emscripten module. */
declare module '@echogarden/svoxpico-wasm' {
  const init: () => Promise<unknown>;
  // eslint-disable-next-line no-restricted-syntax -- the package's own default export, typed
  export default init;
}
declare module '@echogarden/espeak-ng-emscripten' {
  const init: () => Promise<unknown>;
  // eslint-disable-next-line no-restricted-syntax -- the package's own default export, typed
  export default init;
}
