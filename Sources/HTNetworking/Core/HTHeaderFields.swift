import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Puts header fields on a URL request with the result of calling `setValue(_:forHTTPHeaderField:)`
/// for each in order: a later field replaces an earlier one of the same name in any case.
///
/// On Linux, FoundationNetworking's `setValue` capitalizes the name (`String.capitalized`), lowercases
/// every name already set to find one to replace, and copies the whole dictionary, for every field:
/// about 10,000 instructions for the one `Accept` field of a plain GET. Here the names are capitalized
/// the same way and the dictionary is set once. Elsewhere `setValue` is cheap and is what runs.
enum HTHeaderFields {
    /// Sets `fields` on `request`, in order.
    static func apply(_ fields: [(name: String, value: String)], to request: inout URLRequest) {
        #if canImport(FoundationNetworking)
            var merged = request.allHTTPHeaderFields ?? [:]
            var stored: [String: String] = [:]
            for name in merged.keys { stored[name.lowercased()] = name }
            for (name, value) in fields {
                let lowercased = name.lowercased()
                if let old = stored[lowercased] { merged[old] = nil }
                let capitalized = name.capitalized
                merged[capitalized] = value
                stored[lowercased] = capitalized
            }
            request.allHTTPHeaderFields = merged
        #else
            for (name, value) in fields { request.setValue(value, forHTTPHeaderField: name) }
        #endif
    }
}
