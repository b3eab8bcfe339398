extension String {
    /// The ASCII letters and digits of the string in upper camel case; everything else separates words
    /// (`/a/b-c/:id` → `ABCId`, `user_name` → `UserName`). Used to build class and type names from paths
    /// and from NEI names when nothing better is given.
    var asciiUpperCamel: String {
        var result = ""
        var upperNext = true
        for scalar in unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                result += upperNext ? String(scalar).uppercased() : String(scalar)
                upperNext = false
            } else {
                upperNext = true
            }
        }
        return result
    }
}
