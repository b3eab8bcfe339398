extension SwiftNaming {
    /// The public top-level types of HTModel and HTNetworking, and of HTNetworkingCompat. A generated
    /// type must not take one of these names: generated code and the app's own code refer to them
    /// unqualified, so a spec type `CacheableRequest` generated as `HTCacheableRequest` would capture the
    /// app's `extension HTGetUserRequest: HTCacheableRequest`. `RuntimeTypeNamesTests` compares this list
    /// with the runtime's sources, so a type added to the runtime fails the tests until it is added here.
    ///
    /// From HTNetworkingCompat (`import HTNetworkingCompat`, which an app may import beside HTNetworking):
    /// `HTBranch`, `HTChain`, `HTDescriptorRegistry`, `HTFreezeNotificationKey`, `HTMappingResult`,
    /// `HTMethodSet`, `HTPathPattern`, `HTRequestDelegate`, `HTRequestDescriptor`, `HTRequestTask`,
    /// `HTResponseDescriptor`, `HTResponseMappingError`, `HTStatusCodeSet`. The rest are HTModel's and
    /// HTNetworking's (`import HTNetworking`).
    static let runtimeTypeNames: Set<String> = [
        "HTArrayOfValues", "HTBaseRequest", "HTBatchMode", "HTBearerTokenInterceptor", "HTBlockInterceptor",
        "HTBodyEncoding", "HTBranch", "HTCacheAttempt", "HTCacheControl", "HTCacheExchange", "HTCacheFirstPolicy",
        "HTCacheHash", "HTCacheKey", "HTCacheLogEvent", "HTCacheLookup", "HTCachePolicy", "HTCachePolicyID",
        "HTCachePolicyOverride", "HTCacheRequest", "HTCacheScope", "HTCacheSettings", "HTCacheValidity",
        "HTCacheableRequest", "HTCachedResponse", "HTCachedThenFreshSequence", "HTChain", "HTClient",
        "HTClientConfiguration", "HTClosureLogSink", "HTConnectivityMonitor", "HTConnectivityStatus", "HTContentType",
        "HTCredentialHeaders", "HTDateFormat", "HTDefaultFreezePolicy", "HTDictionaryOfValues", "HTDescriptorRegistry",
        "HTDownloadEvents",
        "HTDownloadTransport", "HTDownloadedFile", "HTFileLogSink", "HTFormEncoding", "HTFreezableRequest",
        "HTFreezeCredentialHeaders", "HTFreezeEvent", "HTFreezeJournal", "HTFreezeJournalError",
        "HTFreezeJournalLoadReport", "HTFreezeKey", "HTFreezeManager", "HTFreezeManagerDelegate",
        "HTFreezeNotificationKey", "HTFreezePolicy", "HTFreezePolicyID", "HTFreezeRecordSealing",
        "HTFreezeRecordSealingError", "HTFreezeResendSummary", "HTFrozenRequest", "HTHTTPMethod",
        "HTHTTPModel", "HTIntegerEnum", "HTInterceptor", "HTInterceptorContext", "HTInterceptorNext", "HTJSON",
        "HTJSONCodingKey",
        "HTJSONNumber", "HTJSONObject", "HTJSONParseError", "HTJSONParser", "HTJSONPath", "HTJSONPathComponent",
        "HTJSONResponseSerializer", "HTJSONSerializer", "HTJSONValueConvertible", "HTJSONWriter", "HTLogComponent",
        "HTLogLevel", "HTLogRecord", "HTLogRedaction", "HTLogSink", "HTLogger", "HTLoggingInterceptor", "HTMIMEType",
        "HTManualConnectivityMonitor", "HTMapper", "HTMappingContext", "HTMappingDefinitionError",
        "HTMappingDiagnostic", "HTMappingError", "HTMappingHooks", "HTMappingOptions", "HTMappingResult", "HTMethodSet",
        "HTMockMode", "HTMultipartPart", "HTMockResponse", "HTMockTransport", "HTModelMappable", "HTModelStorage",
        "HTMultipartFormData",
        "HTNetworkingError", "HTNoContent", "HTNoCachePolicy", "HTObjectMapping", "HTParameterStyles", "HTPathPattern",
        "HTProbeConnectivityMonitor",
        "HTPropertyAccessor", "HTRedirectPolicy", "HTRequestBody", "HTRequestDelegate", "HTRequestDescription",
        "HTRequestDescriptor",
        "HTRequestEvent", "HTRequestEvents", "HTRequestTask", "HTRequestType", "HTResponse", "HTResponseCache",
        "HTResponseData", "HTResponseDataError", "HTResponseDescriptor", "HTResponseMappingError",
        "HTResponseSerializer", "HTResponseTooLargeError", "HTResultValidator", "HTRetryPolicy", "HTSerializationError",
        "HTSerializerRegistry", "HTShouldTransformValue", "HTSleeper", "HTStandardErrorLogSink", "HTStatusCodeSet",
        "HTStringEnum", "HTTaskSleeper", "HTTextResponseSerializer", "HTTokenProvider", "HTTransferProgress",
        "HTTransport", "HTTransportOptions", "HTTransportResponse", "HTURLSessionTransport", "HTUploadTransport",
        "HTValidationFailure", "HTValueCoercion", "HTValueTransform", "HTWriteOnlyPolicy", "HTXMLConverter",
        "HTXMLParseError", "HTXMLReader", "HTXMLResponseSerializer",
    ]
}
