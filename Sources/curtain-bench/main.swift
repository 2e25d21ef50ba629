print("curtain-bench")
