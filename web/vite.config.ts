import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress-plugin';

/** Where `npm start` (or `npm run api`) serves the API, its sockets and the queue dashboard. */
const apiOrigin = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: {
      '/api': apiOrigin,
      '/socket.io': { target: apiOrigin, ws: true },
      '/admin/queues': apiOrigin,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: { output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 80_000 } } } },
  },
});
