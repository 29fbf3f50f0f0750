// Throughput of the text functions in an optimised build, outside the test suite (timings never
// belong in tests). Run from the package root:
//
//   mkdir -p /tmp/tidings-text && cp Tests/FeedParserTests/Fixtures/text/measure-throughput.swift /tmp/tidings-text/main.swift &&
//   swiftc -O -wmo -module-name TextMeasure Sources/FeedParser/{FeedDate,HTMLSanitizer,PlainText,URLResolver}*.swift \
//     /tmp/tidings-text/main.swift -o /tmp/tidings-text/measure && /tmp/tidings-text/measure
import Foundation

/// Descriptions as blogs and news sites write them: paragraphs, links, images, lists, quotes,
/// entities. The first set is already clean (absolute URLs, allowed markup); the second is what
/// a sanitiser has to work on (relative URLs, handlers, scripts, styles, tag soup).
let cleanDescriptions = [
    #"<p>The committee met on Tuesday to discuss the budget for next year. <a href="https://news.example.com/2024/05/budget-talks">Read the full report</a> for the details, including the &#8220;contingency&#8221; line.</p><p>Members agreed on most items &mdash; the rest is deferred.</p>"#,
    #"<p><img src="https://cdn.example.com/images/2024/05/photo-1234.jpg" alt="A photo of the harbour at dusk" width="640" height="427" /></p><p>Shot on a quiet evening; more in the <a href="https://photos.example.com/albums/harbour">album</a>.</p>"#,
    #"<p>Release notes for version 2.4:</p><ul><li>Faster start-up on large libraries</li><li>Fixed a crash when the disk is full</li><li>Translations: <em>français</em>, <em>日本語</em>, <em>Deutsch</em></li></ul><p>Thanks to everyone who reported bugs &amp; tested the betas.</p>"#,
    #"<blockquote><p>We shape our buildings; thereafter they shape us.</p></blockquote><p>A short essay on architecture and habit, with <strong>three</strong> examples and a <code>bibliography</code>.</p>"#,
    #"<h2>Overview</h2><p>This week&rsquo;s episode covers the new standard, its history and what changes for developers.</p><pre><code>let x = compute(a, b)</code></pre><p>Listen <a href="https://podcast.example.org/ep/142" title="Episode 142">here</a>.</p>"#,
]
let dirtyDescriptions = [
    #"<p onclick="track()">Text with a <a href="/posts/42">relative link</a> and <a href='javascript:void(0)'>bad one</a>.</p><script>ads.push({});</script>"#,
    #"<div style="color: red; position: absolute"><img src="images/a.png" srcset="images/a.png 1x, images/a@2x.png 2x"><br/>Caption&nbsp;here</div><!-- tracking -->"#,
    #"<P>Unclosed paragraph<P>Another <B>bold <I>mixed</B> up</I> text &copy 2024 AT&T<iframe src="https://ads.example/"></iframe>"#,
    #"<table><tr><td width=50%>cell<td>cell two</tr></table><font face=Arial>old markup</font><o:p></o:p><style>.x{}</style>"#,
    #"Plain text description without any markup at all, as many podcast feeds write them, long enough to matter."#,
]

func megabytes(of samples: [String], target: Int) -> [String] {
    var result: [String] = []
    var size = 0
    var index = 0
    while size < target {
        let sample = samples[index % samples.count]
        result.append(sample + " \(index)")  // distinct strings, as in a real feed
        size += sample.utf8.count
        index += 1
    }
    return result
}

func measure(_ label: String, _ inputs: [String], _ body: (String) -> Int) {
    let bytes = inputs.reduce(0) { $0 + $1.utf8.count }
    var best = Double.infinity
    var sink = 0
    for _ in 0..<5 {
        let start = DispatchTime.now().uptimeNanoseconds
        for input in inputs { sink &+= body(input) }
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    print(String(format: "%-44@ %8.0f MB/s  (%d inputs, %.1f MB, sink %d)", label as NSString, Double(bytes) / best / 1e6, inputs.count, Double(bytes) / 1e6, sink & 1))
}

let base = URL(string: "https://example.org/feed.xml")
let clean = megabytes(of: cleanDescriptions, target: 50_000_000)
let dirty = megabytes(of: dirtyDescriptions, target: 20_000_000)
let mixed = megabytes(of: cleanDescriptions + cleanDescriptions + cleanDescriptions + dirtyDescriptions, target: 50_000_000)
measure("sanitize, clean descriptions", clean) { HTMLSanitizer.sanitize($0, baseURL: base).utf8.count }
measure("sanitize, dirty descriptions", dirty) { HTMLSanitizer.sanitize($0, baseURL: base).utf8.count }
measure("sanitize, mix (3 clean : 1 dirty)", mixed) { HTMLSanitizer.sanitize($0, baseURL: base).utf8.count }
let largeInputs = stride(from: 0, to: clean.count, by: 200).map { clean[$0..<min($0 + 200, clean.count)].joined() }
measure("sanitize, clean, 50 KB inputs", largeInputs) { HTMLSanitizer.sanitize($0, baseURL: base).utf8.count }
let plainTitles = megabytes(of: ["An ordinary headline about things"], target: 10_000_000)
measure("PlainText.fromHTML, plain titles", plainTitles) { PlainText.fromHTML($0).utf8.count }
let markedTitles = megabytes(of: ["Caf&eacute; &amp; <b>cr&egrave;me</b> &mdash; news"], target: 10_000_000)
measure("PlainText.fromHTML, titles with markup", markedTitles) { PlainText.fromHTML($0).utf8.count }
let dateForms = ["Sat, 07 Sep 2002 00:00:01 GMT", "2003-12-13T18:30:02.25+01:00", "Mon, 1 Jan 2024 10:00 EST"]
let dates = (0..<300_000).map { dateForms[$0 % dateForms.count] + String(repeating: " ", count: $0 % 2) }
measure("FeedDate.parse", dates) { FeedDate.parse($0) == nil ? 0 : 1 }
let start = DispatchTime.now().uptimeNanoseconds
var parsed = 0
for date in dates { if FeedDate.parse(date) != nil { parsed += 1 } }
let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
print(String(format: "FeedDate.parse: %.2f M dates/s (%d of %d readable)", Double(dates.count) / seconds / 1e6, parsed, dates.count))
