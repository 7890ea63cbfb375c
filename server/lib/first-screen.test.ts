import { describe, expect, it } from 'vitest';
import { routeCssFiles } from './first-screen.ts';

describe('routeCssFiles', () => {
  it('collects the CSS of a page bundle and of what it imports, once each, without the entry', () => {
    const manifest = {
      'src/app/routes/home.tsx': {
        file: 'assets/home.js',
        css: ['assets/home.css'],
        imports: ['index.html', '_cards.js', '_image.js'],
      },
      'index.html': { file: 'assets/index.js', css: ['assets/index.css'], isEntry: true },
      '_cards.js': { file: 'assets/cards.js', css: ['assets/cards.css'], imports: ['_image.js'] },
      '_image.js': { file: 'assets/image.js', css: ['assets/image.css'] },
    };
    expect(routeCssFiles(manifest, 'src/app/routes/home.tsx')).toEqual([
      'assets/home.css',
      'assets/cards.css',
      'assets/image.css',
    ]);
  });

  it('gives nothing for a page the build does not have', () => {
    expect(routeCssFiles({}, 'src/app/routes/home.tsx')).toEqual([]);
  });
});
