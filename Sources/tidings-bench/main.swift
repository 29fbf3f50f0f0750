StoreChildProcess.runIfRequested()
print("tidings-bench: benchmarks land with the parser and store")
StoreBenchmark.run()
