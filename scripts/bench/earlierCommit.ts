import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { makeTempDir } from '../stack/testing/throwawayStack';

/**
 * An earlier commit of this repository, checked out beside it (a git worktree) and built with its own build, for the
 * bench to measure against this head in the same run: the same machine, browser and moment, so a change is judged by
 * its difference. It shares this checkout's node_modules (an old lockfile's packages are not installed again).
 */
export interface EarlierBuild {
  commit: string;
  projectRoot: string;
  remove: () => void;
}

export function buildEarlierCommit(projectRoot: string, revision: string): EarlierBuild {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: projectRoot, encoding: 'utf8' }).trim();
  const commit = git('rev-parse', '--short', `${revision}^{commit}`);
  const holder = makeTempDir(`bench-${commit}`);
  const checkout = path.join(holder, 'checkout');
  git('worktree', 'add', '--detach', checkout, commit);
  const remove = () => {
    git('worktree', 'remove', '--force', checkout);
    git('worktree', 'prune');
    fs.rmSync(holder, { recursive: true, force: true });
  };
  try {
    fs.symlinkSync(path.join(projectRoot, 'node_modules'), path.join(checkout, 'node_modules'));
    console.log(`\nBuilding ${commit} beside this head (in ${checkout})…`);
    execFileSync('npm', ['run', 'build'], { cwd: checkout, stdio: 'inherit', env: { ...process.env, METADATA_SERVER_DETECTION: 'none' } });
    return { commit, projectRoot: checkout, remove };
  } catch (error) {
    remove();
    throw error;
  }
}
