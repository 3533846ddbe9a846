#pragma once
// The cards of Carambouille as data: the 20 products with their face values, the six Carambouille
// card types and the Mémo price table. Everything else reads these tables.
#include <array>
#include <optional>
#include <string_view>

#include <nlohmann/json.hpp>

namespace taol::games::carambouille {

constexpr int kProductKinds = 20;
constexpr int kCopiesPerProduct = 5;
constexpr int kProductCards = kProductKinds * kCopiesPerProduct;  // 100
constexpr int kCardTypes = 6;
constexpr int kCopiesPerType = 4;
constexpr int kCarambouilleCards = kCardTypes * kCopiesPerType;  // 24
constexpr int kAllCards = kProductCards + kCarambouilleCards;
constexpr int kKinds = kProductKinds + kCardTypes;  // a kind: a product (0..19) or a card type (20..25)

constexpr int kMaxSale = 5;       // cards of one product in one sale
constexpr int kCardPrice = 50;    // a Carambouille card from the stack
constexpr int kMaxBuy = 2;
constexpr int kHandLimit = 8;     // products in hand, for dealing
constexpr int kDealPasses = 3;
constexpr int kStartHand = 6;

enum class CardType { panier, menti, persuasion, illusion, soldes, surstock };

struct ProductInfo {
    std::string_view id;   // the wire name
    int value;             // face value, used in trades
};

// Ordered by face value, then as the rules list them.
inline constexpr std::array<ProductInfo, kProductKinds> kProductTable{{
    {"cebettes", 10}, {"ail", 10}, {"herbes", 10},
    {"tomates", 20}, {"poivrons", 20}, {"aubergines", 20},
    {"citrons", 30}, {"piments", 30}, {"lavande", 30},
    {"fromage", 40}, {"saucisson", 40},
    {"vin", 50}, {"jambon", 50},
    {"poules", 60}, {"lapins", 60},
    {"huile_olive", 70}, {"tissu", 70},
    {"foie_gras", 80}, {"truffes", 90}, {"safran", 100},
}};

inline constexpr std::array<std::string_view, kCardTypes> kCardTypeNames{
    "panier", "jai_menti", "persuasion", "illusion", "soldes", "surstock"};

// The Mémo: price = value × m(n) for n cards sold at once, m = 1, 2.5, 4.5, 7.5, 12.5.
// Kept doubled so that every price stays an integer (face values are multiples of 10).
inline constexpr std::array<int, kMaxSale> kMemoDoubled{2, 5, 9, 15, 25};

// Card indices: 0..99 products (5 copies of each kind in a row), 100..123 Carambouille cards.
constexpr bool is_product(int card) { return card < kProductCards; }
constexpr int kind_of(int card) {
    return is_product(card) ? card / kCopiesPerProduct : kProductKinds + (card - kProductCards) / kCopiesPerType;
}
constexpr bool is_product_kind(int kind) { return kind < kProductKinds; }
constexpr CardType type_of_kind(int kind) { return static_cast<CardType>(kind - kProductKinds); }
constexpr int kind_of_type(CardType type) { return kProductKinds + static_cast<int>(type); }
constexpr int value_of_kind(int kind) { return is_product_kind(kind) ? kProductTable[kind].value : 0; }
constexpr int value_of(int card) { return value_of_kind(kind_of(card)); }

std::string_view type_name(CardType type);
// The wire name of a kind: a product id or a card type name.
std::string_view kind_name(int kind);

std::optional<int> product_by_name(std::string_view name);
std::optional<CardType> type_by_name(std::string_view name);
// A product or a card type, by wire name (test setups name cards this way).
std::optional<int> kind_by_name(std::string_view name);

// The Mémo price of `count` cards (1..5) of a product of face value `value`.
int memo_price(int value, int count);

// The tables as published to renderers: products (in table order) with their face values, the
// card types, the Mémo multipliers, the card price and the hand limits by Paniers laid.
nlohmann::json card_data();

// Soldes: half the price, rounded up to the unit.
constexpr int halved(int price) { return (price + 1) / 2; }

// Products in hand allowed before dealing stops, with `paniers` Panier cards laid.
constexpr int hand_limit(int paniers) { return paniers == 0 ? kHandLimit : kHandLimit + 1 + paniers; }

}  // namespace taol::games::carambouille
