import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { settingsToEnv } from '../../scripts/stack/startStack';
import { newPlayer, postJson, returnedOrder, signInAgain, stackSettings, type TestPlayer } from './paymentsHarness';
import { loopbackGuardEnv, projectRoot } from '../../scripts/stack/testing/throwawayStack';

/** `npm run support -- <action> <email>`, against the test stack's Auth emulator. */
export function supportCommand(action: string, email: string, env: Record<string, string> = {}): Promise<{ code: number; output: string }> {
  return npmCommand(['support', '--', action, email], env);
}

/** `npm run <script> -- …` against the test stack (with `env` over its settings): its exit code and output. */
export async function npmCommand(args: string[], env: Record<string, string> = {}): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await promisify(execFile)('npm', ['run', '--silent', ...args], {
      cwd: projectRoot,
      env: { ...process.env, ...settingsToEnv(stackSettings), ...env, METADATA_SERVER_DETECTION: 'none', ...loopbackGuardEnv() },
    });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: `${failed.stdout}${failed.stderr}` };
  }
}

/** A new support staff member, made so by the command, with a token minted since (the role is in it). */
export async function newStaff(): Promise<TestPlayer> {
  const staff = await newPlayer();
  const granted = await supportCommand('grant', staff.email);
  if (granted.code !== 0 || !granted.output.includes(`${staff.email} (uid ${staff.uid}) is support staff`)) {
    throw new Error(`The support role was not granted: ${JSON.stringify(granted)}`);
  }
  return signInAgain(staff);
}

/** A paid, credited order of `packId` with a refund request on it. */
export async function refundRequested(player: TestPlayer, packId: number): Promise<string> {
  const { orderId } = await returnedOrder(player, packId);
  const requested = await postJson(`/api/orders/${orderId}/refund`, { reason: 'I bought it by mistake.' }, player.idToken);
  if (requested.status !== 201) throw new Error(`The refund was not requested: ${requested.status} ${JSON.stringify(requested.body)}`);
  return orderId;
}
