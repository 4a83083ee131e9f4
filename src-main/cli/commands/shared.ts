// CLI (plain Node). Helpers shared by the resource commands.
import type { CommandContext } from '../command.ts';
import { UsageError } from '../globals.ts';

/** Options a command accepts for some actions but not for this one. */
export function forbidOptions(ctx: CommandContext, names: string[]): void {
  for (const name of names) {
    if (ctx.options[name] !== undefined) throw new UsageError(`--${name} does not apply here`);
  }
}
