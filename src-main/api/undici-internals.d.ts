// The undici modules `http-stack.ts` loads directly (CommonJS, untyped): typed there from undici's own types.
declare module 'undici/lib/dispatcher/agent.js' {
  const value: unknown;
  export default value;
}
declare module 'undici/lib/dispatcher/dispatcher.js' {
  const value: unknown;
  export default value;
}
declare module 'undici/lib/api/api-request.js' {
  const value: unknown;
  export default value;
}
declare module 'undici/lib/global.js' {
  const value: unknown;
  export default value;
}
declare module 'undici/lib/core/util.js' {
  const value: unknown;
  export default value;
}
