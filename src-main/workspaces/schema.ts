// Main process / plain Node. The app-level workspaces database (`<dataDir>/workspaces.sqlite`);
// its schema is built by migrations/, one file per step.

export const WORKSPACES_DB_FILE = 'workspaces.sqlite';
