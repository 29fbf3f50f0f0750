import CLibXML2
import Foundation

/// Answers libxml2's entity look-ups. Feeds use HTML's named entities (`&nbsp;`, `&eacute;`) without
/// declaring them, and a few declare harmless ones in an internal DTD subset. Both are handed to
/// libxml2 as "predefined" entities: libxml2 then inserts their text as is, never expanding
/// references inside them, which is what keeps entity attacks (billion laughs, quadratic blow-up)
/// from growing.
final class EntityTable {
    /// Longest replacement text accepted from a document's own declaration.
    static let maxDeclaredLength = 256
    /// Most declarations accepted from one document.
    static let maxDeclaredCount = 512

    private var declared: [String: String] = [:]
    /// Declared names whose replacement was refused: they expand to nothing. They must still be
    /// answered here, or libxml2 falls back to its own copy of the declaration and expands it.
    private var refused: Set<String> = []
    private var entities: [String: UnsafeMutablePointer<xmlEntity>] = [:]
    private var expansionBudget: Int
    /// True once an HTML entity was used that no DTD could have declared.
    private(set) var usedUndeclaredHTMLEntity = false
    /// True once the document's declared entities used up their budget.
    private(set) var isExhausted = false
    /// True once a reference to a refused declaration was dropped.
    private(set) var droppedReplacement = false

    init(expansionBudget: Int) {
        self.expansionBudget = expansionBudget
    }

    deinit {
        for entity in entities.values {
            free(UnsafeMutableRawPointer(mutating: entity.pointee.name))
            free(entity.pointee.content)
            // libxml2 hands the raw text of a declaration to the entity `getEntity` returns for
            // it (`orig`, set after `entityDecl`); the entity owns it from then on.
            free(entity.pointee.orig)
            entity.deallocate()
        }
    }

    /// Records an internal entity the document declares, when it is short and plain text.
    /// Declarations that refer to other entities or hold markup are refused: they are how entity
    /// attacks multiply text.
    func declare(name: String, replacement: String) {
        guard declared[name] == nil, !refused.contains(name) else { return }
        guard declared.count < Self.maxDeclaredCount, replacement.utf8.count <= Self.maxDeclaredLength,
              !replacement.contains("&"), !replacement.contains("<") else {
            refused.insert(name)
            return
        }
        declared[name] = replacement
    }

    /// The entity libxml2 should use for `&name;`, or nil to let it report an undeclared entity.
    func entity(named name: String, documentHasDTD: Bool) -> UnsafeMutablePointer<xmlEntity>? {
        if let replacement = declared[name] {
            expansionBudget -= replacement.utf8.count
            if expansionBudget < 0 {
                isExhausted = true
                return entity(name: "", replacement: "")
            }
            return entity(name: name, replacement: replacement)
        }
        if refused.contains(name) {
            droppedReplacement = true
            return entity(name: "", replacement: "")
        }
        guard let description = name.withCString({ htmlEntityLookup(UnsafeRawPointer($0).assumingMemoryBound(to: xmlChar.self)) }),
              let scalar = Unicode.Scalar(description.pointee.value) else { return nil }
        if !documentHasDTD { usedUndeclaredHTMLEntity = true }
        return entity(name: name, replacement: String(Character(scalar)))
    }

    private func entity(name: String, replacement: String) -> UnsafeMutablePointer<xmlEntity> {
        if let existing = entities[name] { return existing }
        let entity = UnsafeMutablePointer<xmlEntity>.allocate(capacity: 1)
        entity.initialize(to: xmlEntity())
        entity.pointee.type = XML_ENTITY_DECL
        entity.pointee.etype = XML_INTERNAL_PREDEFINED_ENTITY
        entity.pointee.name = UnsafePointer(strdup(name).map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: xmlChar.self) })
        entity.pointee.content = strdup(replacement).map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: xmlChar.self) }
        entity.pointee.orig = nil
        entity.pointee.length = Int32(replacement.utf8.count)
        entities[name] = entity
        return entity
    }
}
