import Foundation
import HTModelFixtures
import HTNetworking
import HTNetworkingCompat
import Testing

/// XML responses map through response descriptors as JSON ones do: the document becomes `HTJSON`, and
/// a descriptor's key path reaches into it.
@Suite("Descriptors: XML responses")
struct XMLDescriptorTests {
    /// The BART API's station list (`stn.aspx?cmd=stns`), two stations.
    static let stations = """
        <?xml version="1.0" encoding="utf-8"?>
        <root>
          <uri><![CDATA[http://api.bart.gov/api/stn.aspx?cmd=stns&json=n]]></uri>
          <stations>
            <station>
              <name>12th St. Oakland City Center</name><abbr>12TH</abbr>
              <gtfs_latitude>37.803768</gtfs_latitude><gtfs_longitude>-122.271450</gtfs_longitude>
              <city>Oakland</city>
            </station>
            <station>
              <name>16th St. Mission</name><abbr>16TH</abbr>
              <gtfs_latitude>37.765062</gtfs_latitude><gtfs_longitude>-122.419694</gtfs_longitude>
              <city>San Francisco</city>
            </station>
          </stations>
        </root>
        """

    /// The same list with one station.
    static let oneStation = """
        <root><uri>http://api.bart.gov/api/stn.aspx?cmd=stns</uri><stations><station>
          <name>Embarcadero</name><abbr>EMBR</abbr><gtfs_latitude>37.792874</gtfs_latitude>
          <gtfs_longitude>-122.397020</gtfs_longitude><city>San Francisco</city>
        </station></stations></root>
        """

    @Test("RestGoatee's BART stations: XML → models through a response descriptor, one station or several")
    func bartStations() throws {
        let json = try HTJSON(parsingXML: Data(Self.stations.utf8))
        let direct = try json.responseData.child(atKeyPath: "root.stations.station")
            .decode([HTBartStation].self, options: .strict)
        #expect(direct.map(\.abbr) == ["12TH", "16TH"])

        let registry = HTDescriptorRegistry(responseDescriptors: [
            HTResponseDescriptor(
                for: HTBartStation.self, method: "GET", pathPattern: "/api/stn.aspx", keyPath: "root.stations.station")
        ])
        let result = try registry.mapResponse(
            json, method: "GET", path: "/api/stn.aspx?cmd=stns", statusCode: 200, options: .strict)
        #expect(result.objects(ofType: HTBartStation.self).map(\.name) == direct.map(\.name))
        #expect(result.objects(ofType: HTBartStation.self) == direct)
        #expect(result.first(HTBartStation.self)?.gtfsLatitude == 37.803768, "numbers are coerced from the text")

        // The same descriptor maps a response with one station (one element is one object, not an array).
        let one = try HTJSON(parsingXML: Self.oneStation)
        let single = try registry.mapResponse(one, method: "GET", path: "/api/stn.aspx", statusCode: 200)
        #expect(single.count == 1)
        #expect(single.first(HTBartStation.self)?.gtfsLongitude == -122.397020)
    }
}
