import Testing
@testable import HTMLText

@Suite struct CharacterReferenceTests {
    @Test func everyNamedReferenceDecodes() {
        #expect(CharacterReference.namedReferences.count == 2125)
        #expect(CharacterReference.namedReferences["amp"] == Array("&".utf8))
        #expect(CharacterReference.namedReferences["hellip"] == Array("…".utf8))
        for name in CharacterReference.legacyReferenceNames {
            #expect(CharacterReference.namedReferences[name] != nil, "\(name)")
        }
    }
}
