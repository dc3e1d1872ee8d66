"""French writes "de" as "d'" before a vowel ("d'Ama", "d'A♠"), "le" and "la" as "l'",
"que" as "qu'", "de le" as "du" and "à le" as "au": a French template does it where
a value meets its own word (spar_tutor.i18n.french), and English is left alone."""

import doctest
import re

import pytest
from babel.messages.pofile import read_po

from spar_tutor import Rules, i18n
from spar_tutor.app.pages.rules_tables import pack_text
from spar_tutor.engine.cards import Card
from spar_tutor.engine.state import HandState
from spar_tutor.engine.words import Players
from spar_tutor.i18n import _, french, ngettext, pgettext
from spar_tutor.session import GameSession, Seat
from tests.doubles import FirstLegalBot

FR_PO = i18n.LOCALE_DIR / "fr" / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
FIELD = re.compile(r"\{(\w+)\}")
ELIDING = "|".join(french.ELIDED)
#: A template word of ELIDED, then a placeholder.
WORD_THEN_FIELD = re.compile(rf"(?i)(?<![\w'’-])(?:{ELIDING}) \{{\w+\}}")
#: The same word left whole before a vowel in the text a learner reads.
UNELIDED = re.compile(rf"(?i)(?<![\w'’-])(?:{ELIDING}) (?:<[^>]*>)*[aeiouéèêàâîôûœ]")


@pytest.fixture
def fr():
    i18n.set_language("fr")
    yield
    i18n.set_language(i18n.SOURCE_LANGUAGE)


# -- the rule itself ------------------------------------------------------------------

def test_the_doctests_pass():
    assert doctest.testmod(french).failed == 0


@pytest.mark.parametrize("before, value, joined", [
    ("c'est au tour de ", "Ama", "c'est au tour d'Ama"),
    ("le pari de 5 de ", "Esi", "le pari de 5 d'Esi"),
    ("Les cartes de ", "Abena", "Les cartes d'Abena"),
    ("au-dessus de ", "Akua", "au-dessus d'Akua"),
    ("Il n'y a pas de ", "A♠", "Il n'y a pas d'A♠"),
    ("meilleur que ", "Esi", "meilleur qu'Esi"),
    ("Regarde ", "l'as", "Regarde l'as"),
    ("le ", "as", "l'as"),
    ("la ", "image", "l'image"),
    ("De ", "Ama", "D'Ama"),
    ("Que ", "Esi", "Qu'Esi"),
    ("jusque ", "ici", "jusqu'ici"),
    ("lorsque ", "Ama", "lorsqu'Ama"),
    ("puisque ", "Ama", "puisqu'Ama"),
    ("je ", "ai", "j'ai"),
    ("il ne ", "a", "il n'a"),
    ("de ", "Émile", "d'Émile"),
    ("de ", "Hugo", "d'Hugo"),          # a mute h
    ("Les cartes de ", "<b>Ama</b>", "Les cartes d'<b>Ama</b>"),
    ("du 6 à ", "le roi", "du 6 au roi"),
    ("À ", "le roi", "Au roi"),
    ("de ", "le 10 de pique", "du 10 de pique"),
    ("De ", "les piques", "Des piques"),
    ("de ", "<b>le 10</b>", "du <b>10</b>"),
    ("à ", "les autres", "aux autres"),
])
def test_a_template_word_meets_a_value_that_starts_with_a_vowel(before, value, joined):
    assert french.join(before, value) == joined


@pytest.mark.parametrize("before, value", [
    ("c'est au tour de ", "Kofi"),
    ("c'est au tour de ", "Yaw"),       # y before a vowel is a consonant
    ("c'est au tour de ", "Yao"),
    ("le pari de ", "huit cedis"),     # an aspirated h
    ("le ", "huit"),
    ("de ", "haut en bas"),
    ("le ", "onze"),                    # "onze" keeps the word whole
    ("le pari de ", "11"),              # numbers in figures stay as they are
    ("le pari de ", "8 cedis"),
    ("la ", "dame"),
    ("de ", "la dame"),
    ("de ", "l'as"),
    ("à ", "la dame"),
    ("au-dessus ", "Ama"),              # not a word that elides
    ("Prends-le ", "aussi"),            # "-le" after a verb stays whole
    ("Regarde le ", "le 10"),          # only de and à contract with an article
    ("de ", "lequel"),                  # "le" is an article only as a word of its own
    ("à ", "Le Minh"),                  # and small: "Le" may start a name
    ("sur ", "Ama"),
    ("", "Ama"),
    ("de ", ""),
    ("de ", "♠"),
])
def test_nothing_changes_before_a_consonant_or_a_word_that_keeps_it_whole(before, value):
    assert french.join(before, value) == before + value


# -- real French messages, through the catalogue ------------------------------------------

def test_a_french_template_elides_where_it_is_formatted(fr):
    turn = _("Wait: it is {name}'s turn.")
    assert turn.format(name="Ama") == "Attends\xa0: c'est au tour d'Ama."
    assert turn.format(name="Yaw") == "Attends\xa0: c'est au tour de Yaw."
    assert _("Decline {player}'s bet of {amount}.").format(player="Esi", amount=5) == \
        "Refuse le pari de 5 d'Esi."
    assert _("{player}'s cards").format(player="Abena") == "Les cartes d'Abena"
    assert _("{player}'s cards").format("unused", player="Kofi") == "Les cartes de Kofi"
    assert _("Opening {page}…").format(page=_("Explore")) == "Ouverture d'" + _("Explore") + "…"


def test_a_players_name_and_a_card_are_elided_in_the_engines_sentences(fr):
    table = Players(("Kofi", "Ama", "Esi"), you=0)
    assert table.say(_("{player}'s cards"), _("{player}'s cards"), 2) == "Les cartes d'Esi"
    assert table.say(_("Out of play: your under-ten hand"),
                     _("Out of play: {player}'s under-ten hand"), 1) == \
        "Retiré du jeu\xa0: le jeu de moins de dix d'Ama"
    state = HandState.new(Rules.preset("standard"), ["6S", "9S"], dealer=1)  # no ace of spades
    said = state.explain_illegal(Card.parse("AS"), table)
    assert said is not None and "pas d'A♠ dans le paquet" in said


def test_a_bet_answered_in_a_french_session_names_the_bettor_with_an_elision(fr, monkeypatch):
    monkeypatch.setattr("spar_tutor.session.money.bet_chance",
                        lambda solver, state, seat, seed: 0.9 if seat == 2 else 0.0)
    seats = ["human"] + [Seat(name, "beginner", FirstLegalBot()) for name in ("Kofi", "Ama", "Yaw")]
    s = GameSession(Rules.preset("standard", betting=True, buy_in=50), seats, seed=1)
    assert s.bet_round.bets[0].seat == 2
    s.offer_bet(0)
    assert s.answer_bet(0, True).message == "Tu as suivi le pari de 12 francs CFA d'Ama."


def test_a_rank_with_its_article_contracts_with_de_and_a(fr):
    assert pack_text(Rules.preset("standard", ranks="6789TJQK", max_players=6)) == \
        "32 cartes\xa0: du 6 au roi"
    assert Card.parse("AH").name == "l'as de cœur"


def test_a_range_of_players_has_no_article_but_a_range_of_ranks_does(fr):
    from html import unescape

    from spar_tutor.app.pages.rules_tables import presets_table

    table = unescape(presets_table())
    assert "<span>de 2 à 7</span>" in table and "du 2 à" not in table
    assert "35 cartes\xa0: du 6 à l'as, sans l'as de pique" in table


def test_english_and_a_message_not_translated_yet_are_plain_strings(fr):
    untranslated = "Tell me {name} is here"
    assert _(untranslated).format(name="Ama") == "Tell me Ama is here"
    i18n.set_language("en")
    for text in (_("Wait: it is {name}'s turn."), ngettext("{n} card", "{n} cards", 2),
                 pgettext("card letter", "A")):
        assert type(text) is str
    assert _("{player}'s cards").format(player="Ama") == "Ama's cards"


def test_a_french_template_formats_like_str_format(fr):
    template = _("{player}'s cards")
    assert template == "Les cartes de {player}" and isinstance(template, str)
    assert template.format(player=Card.parse("AS")) == "Les cartes d'AS"  # __format__ is used
    with pytest.raises(KeyError):
        template.format(name="Ama")
    count = ngettext("{n} card", "{n} cards", 3)
    assert count.format(n=3) == str.format(count, n=3)


# -- the whole catalogue ------------------------------------------------------------------

def _french_templates():
    """Every French msgstr with a word of ELIDED before a placeholder, as the catalogue
    gives it: (the English id, the French template)."""
    with FR_PO.open("rb") as f:
        catalog = read_po(f, locale="fr")
    found = []
    for m in catalog:
        if not m.id or not m.string:
            continue
        if isinstance(m.id, tuple):
            # one count for each plural form: 1 is form 0, 1000000 form 1, 2 form 2
            texts = [ngettext(m.id[0], m.id[1], n) for n in (1, 1000000, 2)]
        elif m.context:
            texts = [pgettext(m.context, m.id)]
        else:
            texts = [_(m.id)]
        found += [(m.id, t) for t in texts if WORD_THEN_FIELD.search(t)]
    return found


def test_no_french_template_leaves_a_word_whole_before_a_vowel(fr):
    templates = _french_templates()
    assert len(templates) >= 30  # "de {player}", "de {amount}", "que {move}", ...
    wrong = []
    for message_id, template in templates:
        sample = {field: "Ama" for field in FIELD.findall(template)}
        for text in (template.format(**sample), template.format(**{k: "<b>Esi</b>" for k in sample})):
            if UNELIDED.search(text):
                wrong.append((message_id, text))
    assert wrong == []
    assert UNELIDED.search(str.format("c'est au tour de {name}", name="Ama"))  # the check can fail


def test_lessons_finished_agrees_with_the_lessons_not_with_the_count(fr):
    """« 1 leçons finies » was wrong: the plural follows the number of lessons."""
    text = ngettext("{name}: {done} of {lessons} lesson finished.",
                    "{name}: {done} of {lessons} lessons finished.", 16)
    assert text.format(name="Abena", done=1, lessons=16) == "Abena\xa0: 1 sur 16 leçons finies."


def test_a_move_that_was_better_needs_no_gender(fr):
    """A move may be « une sèche » or « le 7♠ »: « mieux » fits both, « meilleur » does not."""
    text = _("Fine, but from what you could see, {best} was a little better: {more}.")
    assert "un peu mieux" in text and "meilleur" not in text
