/// The BART station list in the shape of the BART API's `stn.aspx?cmd=stns` XML response, the example
/// RestGoatee's README uses for XML: a `root` element with the request URI in a CDATA section and one
/// `station` element per station, its fields as snake_case child elements. Written for these tests.
enum BARTStationsFixture {
    static let xml = """
        <?xml version="1.0" encoding="utf-8"?>
        <!-- BART station list -->
        <root>
          <uri><![CDATA[http://api.bart.gov/api/stn.aspx?cmd=stns&json=n]]></uri>
          <stations>
            <station>
              <name>12th St. Oakland City Center</name>
              <abbr>12TH</abbr>
              <gtfs_latitude>37.803768</gtfs_latitude>
              <gtfs_longitude>-122.271450</gtfs_longitude>
              <address>1245 Broadway</address>
              <city>Oakland</city>
              <county>alameda</county>
              <state>CA</state>
              <zipcode>94612</zipcode>
            </station>
            <station>
              <name>16th St. Mission</name>
              <abbr>16TH</abbr>
              <gtfs_latitude>37.765062</gtfs_latitude>
              <gtfs_longitude>-122.419694</gtfs_longitude>
              <address>2000 Mission Street</address>
              <city>San Francisco</city>
              <county>sanfrancisco</county>
              <state>CA</state>
              <zipcode>94110</zipcode>
              <platform_info accessible="true">Two side platforms</platform_info>
            </station>
            <station>
              <name>19th St. Oakland</name>
              <abbr>19TH</abbr>
              <gtfs_latitude>37.808350</gtfs_latitude>
              <gtfs_longitude>-122.268602</gtfs_longitude>
              <address>1900 Broadway</address>
              <city>Oakland</city>
              <county>alameda</county>
              <state>CA</state>
              <zipcode>94612</zipcode>
            </station>
            <station>
              <name>24th St. Mission</name>
              <abbr>24TH</abbr>
              <gtfs_latitude>37.752470</gtfs_latitude>
              <gtfs_longitude>-122.418143</gtfs_longitude>
              <address>2800 Mission Street</address>
              <city>San Francisco</city>
              <county>sanfrancisco</county>
              <state>CA</state>
              <zipcode>94110</zipcode>
            </station>
            <station>
              <name>Embarcadero</name>
              <abbr>EMBR</abbr>
              <gtfs_latitude>37.792874</gtfs_latitude>
              <gtfs_longitude>-122.397020</gtfs_longitude>
              <address>298 Market Street</address>
              <city>San Francisco</city>
              <county>sanfrancisco</county>
              <state>CA</state>
              <zipcode>94111</zipcode>
            </station>
          </stations>
          <message></message>
        </root>
        """

    /// The same response with a single station.
    static let oneStation = """
        <root><uri>http://api.bart.gov/api/stn.aspx?cmd=stns</uri><stations><station>
          <name>Embarcadero</name><abbr>EMBR</abbr><gtfs_latitude>37.792874</gtfs_latitude>
          <gtfs_longitude>-122.397020</gtfs_longitude><city>San Francisco</city>
        </station></stations></root>
        """
}
