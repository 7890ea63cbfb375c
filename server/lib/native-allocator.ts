/**
 * jieba's native module (@node-rs/jieba) brings its own allocator, mimalloc, which gives freed
 * pages back to the system some 10 ms after they are freed, on its next call. A search thread
 * that ends after its rest (decision 063) frees its dictionary and never calls it again, so
 * those pages stayed: after 2,000 distinct searches on 100,000 notes and the threads' end,
 * 23-35 MiB of the server's 216-222 MiB of anonymous memory. Given back as they are freed, none
 * stay (178-190 MiB), and distinct searches ran as fast (957-1,135 a second against 960-1,072 in
 * alternating runs); the dictionary takes some 60 ms more to build.
 *
 * mimalloc reads its options when the module is loaded, so this is set before the first thread
 * that may load it starts (`orderedWorkerPool`); an operator's own setting is kept.
 */
export function purgeNativeFreesAtOnce(): void {
  process.env.MIMALLOC_PURGE_DELAY ??= '0';
}
