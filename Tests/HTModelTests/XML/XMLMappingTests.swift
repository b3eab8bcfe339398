import Foundation
import HTModel
import HTModelFixtures
import Testing

@Suite("XML: documents into HTJSON, then the normal mapper")
struct XMLMappingTests {
    @Test("RestGoatee's BART stations: XML → models through the accessor")
    func bartStations() throws {
        let json = try HTJSON(parsingXML: Data(BARTStationsFixture.xml.utf8))
        let root = json.responseData["root"]
        #expect(json.responseData.allKeys == ["root"])
        #expect(root["uri"].string == "http://api.bart.gov/api/stn.aspx?cmd=stns&json=n", "CDATA is text")
        #expect(root["message"].string == "")
        #expect(root["stations"]["station"].count == 5)

        let stations = try root["stations"]["station"].decode([HTBartStation].self, options: .strict)
        #expect(stations.count == 5)
        let first = try #require(stations.first)
        #expect(first.name == "12th St. Oakland City Center")
        #expect(first.abbr == "12TH")
        #expect(first.address == "1245 Broadway")
        #expect(first.city == "Oakland")
        #expect(first.county == "alameda")
        #expect(first.state == "CA")
        #expect(first.zipcode == "94612", "zip codes stay text")
        #expect(first.gtfsLatitude == 37.803768, "numbers are coerced from the XML's text")
        #expect(first.gtfsLongitude == -122.271450)
        #expect(stations.map(\.abbr) == ["12TH", "16TH", "19TH", "24TH", "EMBR"])
        #expect(stations[4].address == "298 Market Street")

        // A response with one station: one element is one object, not an array. (The same through a
        // response descriptor: HTNetworkingCompatTests' XMLDescriptorTests.)
        let one = try HTJSON(parsingXML: BARTStationsFixture.oneStation)
        let single = try one.responseData.child(atKeyPath: "root.stations.station").decode(HTBartStation.self)
        #expect(single.gtfsLongitude == -122.397020)
        // For `[Model]` properties, `arrayElements` keeps a lone element an array.
        let forced = try HTJSON(parsingXML: BARTStationsFixture.oneStation, options: .init(arrayElements: ["station"]))
        let lone = try forced.responseData.child(atKeyPath: "root.stations.station").decode([HTBartStation].self)
        #expect(lone.map(\.abbr) == ["EMBR"])
    }

    @Test("elements, attributes, repeats, text and clashes follow the documented rules")
    func rules() throws {
        let json = try HTJSON(
            parsingXML: #"""
                <?xml version="1.0"?>
                <order id="7" status="open">
                  <item sku="A1" qty="2">Tea</item>
                  <note>first</note>
                  <item sku="B2">Cups</item>
                  <empty/>
                  <blank>   </blank>
                  <status>shipped</status>
                  <mixed>before <b>bold</b> after</mixed>
                  <text>caf&#233; &amp; <![CDATA[<raw & kept>]]></text>
                  <?processing instruction?>
                  <!-- a comment -->
                </order>
                """#)
        let expected: HTJSON = [
            "order": [
                "id": "7",
                "@status": "open",
                "item": [["qty": "2", "sku": "A1", "#text": "Tea"], ["sku": "B2", "#text": "Cups"]],
                "note": "first",
                "empty": "",
                "blank": "",
                "status": "shipped",
                "mixed": ["b": "bold", "#text": "before  after"],
                "text": "café & <raw & kept>",
            ]
        ]
        #expect(json == expected)
    }

    @Test("options: whitespace, the text key, forced arrays")
    func options() throws {
        let text = "<a>\n  <b>  padded  </b>\n  <c x=\"1\"> value </c>\n</a>"
        let kept = try HTJSON(
            parsingXML: text, options: .init(textKey: "_text", arrayElements: ["b"], trimsWhitespace: false))
        #expect(kept == ["a": ["b": ["  padded  "], "c": ["x": "1", "_text": " value "]]])
        let trimmed = try HTJSON(parsingXML: text)
        #expect(trimmed == ["a": ["b": "padded", "c": ["x": "1", "#text": "value"]]])
        let reader = HTXMLReader(options: .init(maxDepth: 2))
        #expect(reader.options.maxDepth == 2)
        #expect(try reader.read("<a><b/></a>") == ["a": ["b": ""]])
    }

    @Test("namespaces: local names by default, qualified names on request")
    func namespaces() throws {
        let soap = #"""
            <soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope" xmlns="urn:shop">
              <soap:Body><m:price xmlns:m="urn:money" m:currency="EUR" xml:lang="en">12.50</m:price></soap:Body>
            </soap:Envelope>
            """#
        let local = try HTJSON(parsingXML: soap)
        #expect(local == ["Envelope": ["Body": ["price": ["currency": "EUR", "lang": "en", "#text": "12.50"]]]])
        #expect(local.responseData["Envelope"]["Body"]["price"]["#text"].double == 12.5)

        let qualified = try HTJSON(parsingXML: soap, options: .init(namespaces: .qualifiedNames))
        #expect(
            qualified == [
                "soap:Envelope": [
                    "xmlns": "urn:shop",
                    "xmlns:soap": "http://www.w3.org/2003/05/soap-envelope",
                    "soap:Body": [
                        "m:price": ["m:currency": "EUR", "xml:lang": "en", "xmlns:m": "urn:money", "#text": "12.50"]
                    ],
                ]
            ])
    }

    @Test("models map from attributes and elements alike, with coercion")
    func modelsFromXML() throws {
        let json = try HTJSON(
            parsingXML: #"""
                <user id="7" name="Ada">
                  <email>ada@example.com</email>
                  <address city="London"><zip>SW1Y</zip></address>
                  <tags>math</tags><tags>engines</tags>
                </user>
                """#)
        let user = try HTUser(json: try #require(json["user"]), options: .strict)
        #expect(user.id == 7)
        #expect(user.name == "Ada")
        #expect(user.email == "ada@example.com")
        #expect(user.address?.city == "London")
        #expect(user.address?.zip == "SW1Y")
        #expect(user.tags == ["math", "engines"])

        let scalars = try HTScalars(
            json: try #require(
                HTJSON(
                    parsingXML: #"""
                        <s int="42" int64="4900111000" double="1234.54" bool="yes" url="https://e.com/x"
                           date="2016-01-17T16:13:00-08:00" state="suspended"><numbers>1</numbers><numbers>2</numbers></s>
                        """#)["s"]), options: .strict)
        #expect(scalars.int == 42)
        #expect(scalars.int64 == 4_900_111_000)
        #expect(scalars.double == 1234.54)
        #expect(scalars.bool == true)
        #expect(scalars.url == URL(string: "https://e.com/x"))
        #expect(scalars.date == Date(timeIntervalSince1970: 1_453_075_980))
        #expect(scalars.state == .suspended)
        #expect(scalars.numbers == [1, 2])

        // A value the model cannot take is reported with its path, as for JSON.
        let bad = try HTJSON(parsingXML: #"<user id="seven"/>"#)
        let error = #expect(throws: HTMappingError.self) {
            try HTUser(json: try #require(bad["user"]), options: .strict)
        }
        #expect(error?.path.description == "id")
    }

    @Test("malformed, empty, too deep and hostile documents are errors, never crashes or hangs")
    func errors() throws {
        let mismatch = #expect(throws: HTXMLParseError.self) { try HTJSON(parsingXML: "<a>\n<b></a>") }
        #expect(mismatch?.reason == .malformed(code: 76))
        #expect(mismatch?.line == 2)
        #expect((mismatch?.column ?? 0) > 0)
        #expect(mismatch?.description.hasPrefix("malformed XML at line 2, column") == true)
        #expect(mismatch?.description.hasSuffix("the end tag does not match the start tag (error 76)") == true)

        for empty in ["", "   \n", "<!-- only a comment -->"] {
            let error = #expect(throws: HTXMLParseError.self) { try HTJSON(parsingXML: empty) }
            #expect(
                error?.reason == .noRootElement
                    || error.map { if case .malformed = $0.reason { true } else { false } } == true,
                "\(String(reflecting: empty)) gave \(String(describing: error))")
        }
        #expect(throws: HTXMLParseError.self) { try HTJSON(parsingXML: #"<?xml version="1.0"?>"#) }
        #expect(throws: HTXMLParseError.self) { try HTJSON(parsingXML: "<a/><b/>") }
        #expect(throws: HTXMLParseError.self) { try HTJSON(parsingXML: "<a>\u{1}</a>") }
        #expect(throws: HTXMLParseError.self) {
            try HTJSON(parsingXML: Data([0x3C, 0x61, 0x3E, 0xE9, 0x3C, 0x2F, 0x61, 0x3E]))
        }
        #expect(throws: HTXMLParseError.self) { try HTJSON(parsingXML: "<a x='1' x='2'/>") }
        #expect(throws: HTXMLParseError.self) { try HTJSON(parsingXML: "<a>&undeclared;</a>") }
        #expect(throws: HTXMLParseError.self) { try HTJSON(parsingXML: "{\"json\": true}") }

        // Depth: the limit is enforced before the parser's own, and configurable.
        let deep = String(repeating: "<a>", count: 600) + String(repeating: "</a>", count: 600)
        let tooDeep = #expect(throws: HTXMLParseError.self) { try HTJSON(parsingXML: deep) }
        #expect(tooDeep?.reason == .tooDeep(limit: 512))
        #expect(tooDeep?.description.hasPrefix("XML elements nested deeper than 512") == true)
        #expect(throws: HTXMLParseError.self) {
            try HTJSON(parsingXML: "<a><b><c/></b></a>", options: .init(maxDepth: 2))
        }
        let fits = String(repeating: "<a>", count: 500) + "x" + String(repeating: "</a>", count: 500)
        var value = try HTJSON(parsingXML: fits)
        var depth = 0
        while case .object(let object) = value, let next = object["a"] {
            value = next
            depth += 1
        }
        #expect(depth == 500)
        #expect(value == "x")

        // Declared entities are refused before parsing: expansion bombs, external files, and internal
        // entities (XMLParser on Linux loses the text around them).
        var bomb = #"<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol0 "lol">"#
        for level in 1...9 {
            bomb += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
        }
        bomb += "]><lolz>&lol9;</lolz>"
        let external =
            #"<?xml version="1.0"?><!-- c --><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/hostname">]><a>[&x;]</a>"#
        let declared = "\u{FEFF}<!DOCTYPE a [\n  <!ENTITY y \"why\">\n]>\n<a>&y;</a>"
        for document in [bomb, external, declared] {
            let refused = #expect(throws: HTXMLParseError.self) { try HTJSON(parsingXML: document) }
            #expect(refused?.reason == .entityDeclarations)
            #expect(
                refused?.description.hasPrefix(
                    "the XML document declares entities in its DOCTYPE, which are not supported")
                    == true)
        }
        // A DOCTYPE without entities, and the text "<!ENTITY" in content, are fine.
        #expect(try HTJSON(parsingXML: "<!DOCTYPE note><note>hi</note>") == ["note": "hi"])
        #expect(
            try HTJSON(parsingXML: #"<?xml version="1.0"?><n><![CDATA[<!ENTITY x "y">]]></n>"#) == [
                "n": #"<!ENTITY x "y">"#
            ])
        #expect(try HTJSON(parsingXML: "<!-- <!DOCTYPE a [<!ENTITY x 'y'>]> --><a>&amp;</a>") == ["a": "&"])
    }

    @Test("documents are read concurrently without sharing state")
    func concurrentReads() async throws {
        let results = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<16 {
                group.addTask {
                    let json = try HTJSON(parsingXML: "<r><n>\(index)</n><w>\(BARTStationsFixture.xml.count)</w></r>")
                    let stations = try HTJSON(parsingXML: BARTStationsFixture.xml)
                    #expect(stations.responseData["root"]["stations"]["station"].count == 5)
                    return json.responseData["r"]["n"].int ?? -1
                }
            }
            var values: [Int] = []
            for try await value in group { values.append(value) }
            return values.sorted()
        }
        #expect(results == Array(0..<16))
    }
}
