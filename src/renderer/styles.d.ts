// Vite bundles the stylesheets the renderer imports for their side effect (boot.ts imports app.css).
declare module '*.css';
