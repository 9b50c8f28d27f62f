import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = process.env.API_URL ?? 'http://localhost:5000';

export default defineConfig({
  root: 'src/web',
  plugins: [react()],
  // No source maps in the build: the server would serve them to anyone.
  build: { outDir: '../../dist/web', emptyOutDir: true, sourcemap: false },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/ws': { target: api.replace(/^http/, 'ws'), ws: true },
    },
  },
});
