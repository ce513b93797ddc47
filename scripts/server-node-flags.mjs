// The Node flags the store's compiled server runs with, wherever it runs as in production (`npm start`, the
// benchmark, Lighthouse): stack traces through the source maps; a young generation of 4 MB semi-spaces
// instead of 16 MB, which takes 10 to 25 MB off an idle store's memory for no measured loss of speed; and the
// embedded database's WebAssembly compiled by V8's optimizing compiler alone, function by function as it is
// first called, instead of all of it by the baseline compiler first, whose working memory (some 90 MB at
// start) the process kept (decision 039).
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=4', '--no-liftoff'];
