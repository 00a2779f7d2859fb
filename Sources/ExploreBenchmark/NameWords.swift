/// The word lists merchant names are built from: "<first> <second>[ <suffix>]". The lists are short on
/// purpose, so FTS prefixes such as `sun`, `gr` or `bur` match hundreds of merchants, as common words do
/// in the real file.
enum NameWords {
    /// First words.
    static let first = [
        "Sunrise", "Sunny", "Sunset", "Sundance", "Golden", "Green", "Grand", "Great", "Blue", "Red", "Silver",
        "Urban", "Royal", "Happy", "Lucky", "Little", "Big", "Old", "New", "Fresh", "Wild", "Bright", "Rocky",
        "Coastal", "Metro", "Prime", "Star", "Liberty", "Pioneer", "Maple", "Oak", "Pine", "Cedar", "River",
        "Lake", "Harbor", "Summit", "Valley", "Desert", "Northern", "Southern", "Eastern", "Western", "Classic",
        "Modern", "Rustic", "Cozy", "Crystal", "Diamond", "Eagle", "Falcon", "Fox", "Bear", "Wolf", "Lion",
        "Tiger", "Panda", "Phoenix", "Atlas", "Nova", "Zen", "Velvet", "Copper", "Iron",
    ]
    /// Second words.
    static let second = [
        "Burger", "Burrito", "Bakery", "Bistro", "Cafe", "Coffee", "Diner", "Grill", "Grocery", "Kitchen",
        "Pizza", "Taco", "Sushi", "Noodle", "Deli", "Donut", "Bagel", "Tea", "Juice", "Smoothie", "Market",
        "Pharmacy", "Hardware", "Books", "Outfitters", "Apparel", "Shoes", "Jewelers", "Florist", "Pets",
        "Electronics", "Games", "Toys", "Sports", "Fitness", "Spa", "Salon", "Barber", "Cinema", "Theater",
        "Hotel", "Inn", "Motors", "Tires", "Auto", "Gas", "Fuel", "Travel", "Airlines", "Cruises", "Home",
        "Furniture", "Garden", "Outlet", "Depot", "Mart", "Wholesale", "Pantry", "Creamery", "Brewing",
        "Winery", "Steakhouse", "Seafood", "BBQ", "Wings", "Ramen", "Pho", "Curry", "Gyro", "Crepes",
    ]
    /// Optional third words.
    static let suffix = ["Co", "Express", "Company", "House", "Shop", "Store", "Bar", "Lounge", "Plus", "Club"]
    /// Street names for addresses.
    static let streets = [
        "Main", "Oak", "Maple", "Park", "Pine", "Cedar", "Elm", "Washington", "Lake", "Hill", "Broadway",
        "Market", "Church", "Spring", "Center", "Highland", "Sunset", "Jackson", "Lincoln", "Madison",
    ]
}
