#include "games/carambouille/cards.hpp"

namespace taol::games::carambouille {

std::string_view type_name(CardType type) { return kCardTypeNames[static_cast<int>(type)]; }

std::string_view kind_name(int kind) {
    return is_product_kind(kind) ? kProductTable[kind].id : type_name(type_of_kind(kind));
}

std::optional<int> product_by_name(std::string_view name) {
    for (int k = 0; k < kProductKinds; ++k) {
        if (kProductTable[k].id == name) return k;
    }
    return std::nullopt;
}

std::optional<CardType> type_by_name(std::string_view name) {
    for (int t = 0; t < kCardTypes; ++t) {
        if (kCardTypeNames[t] == name) return static_cast<CardType>(t);
    }
    return std::nullopt;
}

std::optional<int> kind_by_name(std::string_view name) {
    if (auto product = product_by_name(name)) return product;
    if (auto type = type_by_name(name)) return kind_of_type(*type);
    return std::nullopt;
}

int memo_price(int value, int count) { return value * kMemoDoubled[count - 1] / 2; }

nlohmann::json card_data() {
    nlohmann::json products = nlohmann::json::array();
    for (const ProductInfo& p : kProductTable) products.push_back({{"name", p.id}, {"value", p.value}});
    nlohmann::json memo = nlohmann::json::array();
    for (int doubled : kMemoDoubled) memo.push_back(doubled / 2.0);
    nlohmann::json limits = nlohmann::json::array();
    for (int paniers = 0; paniers <= kCopiesPerType; ++paniers) limits.push_back(hand_limit(paniers));
    return {{"products", std::move(products)}, {"copies_per_product", kCopiesPerProduct},
            {"card_types", kCardTypeNames}, {"copies_per_type", kCopiesPerType},
            {"memo", std::move(memo)}, {"max_sale", kMaxSale}, {"card_price", kCardPrice}, {"max_buy", kMaxBuy},
            {"start_hand", kStartHand}, {"hand_limits", std::move(limits)}};
}

}  // namespace taol::games::carambouille
