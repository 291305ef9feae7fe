import base from './vite.config.ts';
import { gzipSync } from 'node:zlib';
export default {
  ...base,
  build: { ...base.build, outDir: '/tmp/landing-analyze', emptyOutDir: true },
  plugins: [...(base.plugins ?? []), {
    name: 'sizes',
    generateBundle(_o: unknown, bundle: Record<string, any>) {
      const entry = Object.values(bundle).find((c: any) => c.isEntry);
      const landing = Object.values(bundle).find((c: any) => c.facadeModuleId?.endsWith('routes/landing.tsx'));
      const seen = new Set<string>();
      const walk = (f: string) => { if (seen.has(f)) return; seen.add(f); for (const d of bundle[f].imports) walk(d); };
      walk(entry.fileName); walk(landing.fileName);
      let total = 0;
      for (const f of seen) {
        const c = bundle[f];
        const g = gzipSync(c.code, { level: 9 }).length; total += g;
        const byPkg = new Map<string, number>();
        for (const [id, m] of Object.entries<any>(c.modules)) {
          const rest = id.includes('node_modules/') ? id.split('node_modules/').pop()! : id.replace(/.*\/landing\//, '');
          const pkg = id.includes('node_modules/') ? rest.split('/').slice(0, rest.startsWith('@') ? 2 : 1).join('/') : rest;
          byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + (m.renderedLength ?? 0));
        }
        console.log(`${(g / 1024).toFixed(1)} KiB gz ${f}: ` + [...byPkg].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, n]) => `${k} ${(n / 1024).toFixed(0)}k`).join(', '));
      }
      const groups = new Map<string, number>();
      for (const f of seen) for (const [id, m] of Object.entries<any>(bundle[f].modules)) {
        const g = id.includes('@chakra-ui/react/dist/esm/theme/recipes') ? 'chakra recipes' : id.includes('@chakra-ui/react/dist/esm/theme') ? 'chakra theme other' : id.includes('@chakra-ui/react/dist/esm/styled-system') ? 'chakra styled-system' : id.includes('@chakra-ui/react/dist/esm/components') ? 'chakra components' : id.includes('@chakra-ui/react') ? 'chakra other' : id.includes('react-dom') ? 'react-dom' : 'x';
        groups.set(g, (groups.get(g) ?? 0) + (m.code ? m.code.length : 0));
      }
      const per = new Map<string, number>();
      for (const f of seen) for (const [id, m] of Object.entries<any>(bundle[f].modules)) if (id.includes('@chakra-ui')) per.set(id.replace(/.*dist\/esm\//, ''), m.code ? m.code.length : 0);
      console.log([...per].sort((a, b) => b[1] - a[1]).slice(0, 45).map(([k, n]) => `${(n / 1024).toFixed(1)}k ${k}`).join('\n'));
      console.log([...groups].map(([k, n]) => `${k}: ${(n / 1024).toFixed(0)}k minified`).join('\n'));
      console.log('TOTAL', (total / 1024).toFixed(1));
    },
  }],
};
