import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { recoverSavedData, saveIntoPlace } from './saveIntoPlace';

const dataDirIn = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'save-')), 'data');
const write = (text: string) => async (staging: string) => {
  fs.mkdirSync(staging, { recursive: true });
  fs.writeFileSync(path.join(staging, 'data.json'), text);
};

describe('saveIntoPlace', () => {
  it('replaces the previous save only with a whole new one', async () => {
    const dataDir = dataDirIn();
    await saveIntoPlace(dataDir, write('first'));
    await expect(
      saveIntoPlace(dataDir, async (staging) => {
        await write('half')(staging);
        throw new Error('export failed');
      }),
    ).rejects.toThrow('export failed');
    expect(fs.readFileSync(path.join(dataDir, 'data.json'), 'utf8')).toBe('first');
    await saveIntoPlace(dataDir, write('second'));
    expect(fs.readFileSync(path.join(dataDir, 'data.json'), 'utf8')).toBe('second');
    expect(fs.readdirSync(path.dirname(dataDir))).toEqual(['data']);
  });

  it('puts the previous save back when a save was cut off between its renames', async () => {
    const dataDir = dataDirIn();
    await saveIntoPlace(dataDir, write('kept'));
    fs.renameSync(dataDir, `${dataDir}.previous`);
    recoverSavedData(dataDir);
    expect(fs.readFileSync(path.join(dataDir, 'data.json'), 'utf8')).toBe('kept');
  });
});
