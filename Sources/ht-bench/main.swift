print("ht-bench")
