const ITEMS = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, title: `Item ${i + 1}` }));

export default function Index() {
  return (
    <main>
      <h1>Items</h1>
      <ul>
        {ITEMS.map((item) => (
          <li key={item.id}>
            <a href={`/item/${item.id}`}>{item.title}</a>
          </li>
        ))}
      </ul>
    </main>
  );
}
