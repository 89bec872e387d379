// Vite bundles the stylesheets the renderer imports for their side effect (main.tsx imports app.css).
declare module '*.css';
