// Writes `.br` and `.gz` beside every text asset of a production build, so the server hands out the
// compressed bytes without compressing on each request (apps/api/src/web/static-web.ts serves them
// with `preCompressed`). Compressing once at build time lets brotli run at its slowest, densest level.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The files a browser downloads as text: scripts, styles, the page, the federation manifest, icons. */
export const PRECOMPRESSED_FILE = /\.(js|mjs|css|html|json|svg)$/;

/** Below this a compressed copy saves less than a packet; the server sends the file as it is. */
const MIN_BYTES = 1024;

export async function precompressFile(path) {
  const original = await readFile(path);
  if (original.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(original, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: original.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gzipAsync(original, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A variant that is not smaller is left out: the server then falls back to the original.
  if (br.length < original.length) await writeFile(`${path}.br`, br);
  if (gz.length < original.length) await writeFile(`${path}.gz`, gz);
}

export class PrecompressPlugin {
  apply(compiler) {
    // After emit every asset (including the HTML page and mf-manifest.json that plugins add late)
    // is on disk under the output path, which `output.clean` emptied first: no stale variants.
    compiler.hooks.afterEmit.tapPromise('PrecompressPlugin', async (compilation) => {
      const names = compilation
        .getAssets()
        .map((asset) => asset.name)
        .filter((name) => PRECOMPRESSED_FILE.test(name));
      await Promise.all(names.map((name) => precompressFile(join(compiler.outputPath, name))));
    });
  }
}
