// Plain Node. What scripts use of the bridge host besides running it (main.ts): how `npm start`
// opens a browser on it.
export { browserArgs, writeLaunchPage } from './session.ts';
