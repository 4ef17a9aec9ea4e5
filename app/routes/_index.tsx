export default function Home() {
  return <main className="p-8"><h1 className="text-3xl font-bold text-brand-400">Songloom</h1></main>;
}
