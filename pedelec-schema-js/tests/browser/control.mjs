// The control page's script (control.html): imports the package where the
// CSP forbids compiling WebAssembly, and writes whether that failed.

let results;
try {
  await import('./pkg/index.js');
  results = { loaded: true };
} catch (err) {
  results = { loaded: false, error: `${err?.name}: ${err?.message}` };
}
document.getElementById('results').textContent = JSON.stringify(results);
document.body.dataset.done = 'true';
