import type { Plugin } from 'vite';
import { APP_SCRIPTS_ELEMENT_ID } from '../contract/page-hints.ts';
import type { AppScripts } from '../contract/page-hints.ts';

const BOOT_MODULE = 'src/boot/after-first-paint.ts';
const ENTRY_TAG = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRELOAD_TAG = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * Builds src/boot/after-first-paint.ts as its own small entry and makes it index.html's only
 * script: the app's entry and the chunks Vite would preload move into a JSON element it reads,
 * so the browser fetches none of them before the HTML has painted.
 */
export function afterFirstPaint(): Plugin {
  let bootRef = '';
  return {
    name: 'after-first-paint',
    apply: 'build',
    buildStart() {
      bootRef = this.emitFile({ type: 'chunk', id: BOOT_MODULE, name: 'boot' });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const tag = ENTRY_TAG.exec(html);
        if (!tag) throw new Error('after-first-paint: the built HTML has no entry script');
        const boot = Object.values(context.bundle ?? {}).find(
          (chunk) => chunk.type === 'chunk' && chunk.facadeModuleId?.endsWith(BOOT_MODULE),
        );
        if (!boot) throw new Error(`after-first-paint: ${BOOT_MODULE} was not built (${bootRef})`);
        const scripts: AppScripts = {
          entry: tag[1],
          preloads: [...html.matchAll(PRELOAD_TAG)].map((match) => match[1]),
        };
        const data = `<script type="application/json" id="${APP_SCRIPTS_ELEMENT_ID}">${JSON.stringify(scripts)}</script>`;
        return html
          .replace(PRELOAD_TAG, '')
          .replace(
            tag[0],
            `${data}<script type="module" crossorigin src="/${boot.fileName}"></script>`,
          );
      },
    },
  };
}
