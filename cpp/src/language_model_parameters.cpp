#include "attn/language_model.hpp"

#include <string>

#include "attn/error.hpp"
#include "attn/random.hpp"
#include "attn/train/optimizer.hpp"

// A language model's parameters: their names and shapes, the checks of a config and of given
// parameters, zeroed gradients and the seeded initialisation.
namespace attn
{
    namespace
    {
        /// Hugging Face's LlamaConfig.initializer_range: the standard deviation of every matrix.
        constexpr double llama_initializer_range = 0.02;

        /// The one stream the initial parameters draw from (docs/engine.md, random numbers).
        constexpr std::uint64_t language_model_stream = 15;

        std::size_t kv_columns(const language_model_config& c)
        {
            return c.kv_heads * (c.d_model / c.heads);
        }

    } // namespace

    namespace
    {
        /// Calls visit(name, tensor) for every tensor of `p` in parameter order; `p` const or not.
        template <class Params, class Visit> void visit_tensors(Params& p, Visit&& visit)
        {
            visit("embedding", p.embedding);
            for (std::size_t l = 0; l < p.layers.size(); ++l)
            {
                auto& layer = p.layers[l];
                const std::string prefix = "layers[" + std::to_string(l) + "].";
                visit(prefix + "wQ", *layer.attention.w_q);
                visit(prefix + "wK", *layer.attention.w_k);
                visit(prefix + "wV", *layer.attention.w_v);
                visit(prefix + "wO", *layer.attention.w_o);
                visit(prefix + "wGate", layer.w_gate);
                visit(prefix + "wUp", layer.w_up);
                visit(prefix + "wDown", layer.w_down);
                visit(prefix + "gamma1", *layer.gamma1);
                visit(prefix + "gamma2", *layer.gamma2);
            }
            visit("finalGamma", p.final_gamma);
            if (!p.config.tied)
            {
                visit("unembedding", p.unembedding);
            }
        }

        using extent = std::pair<std::size_t, std::size_t>;

        /// rows × cols of a matrix, 1 × length of a vector.
        extent extent_of(const matrix& m)
        {
            return {rows(m), cols(m)};
        }
        extent extent_of(const vector& v)
        {
            return {1, v.size()};
        }

        /// Every tensor's extent in parameter order, as the config gives them.
        std::vector<extent> config_extents(const language_model_config& c)
        {
            const std::size_t d = c.d_model;
            std::vector<extent> out = {{c.vocab, d}};
            for (std::size_t l = 0; l < c.layers; ++l)
            {
                out.insert(out.end(), {{d, d}, {d, kv_columns(c)}, {d, kv_columns(c)}, {d, d},
                                       {d, c.d_ff}, {d, c.d_ff}, {c.d_ff, d}, {1, d}, {1, d}});
            }
            out.push_back({1, d});
            if (!c.tied)
            {
                out.push_back({c.vocab, d});
            }
            return out;
        }

        void set_zero(matrix& m, extent e)
        {
            m = xt::zeros<double>({e.first, e.second});
        }
        void set_zero(vector& v, extent e)
        {
            v = xt::zeros<double>({e.second});
        }

        void check_finite(const std::string& name, const matrix& m)
        {
            detail::check_matrix(name, m);
        }
        void check_finite(const std::string& name, const vector& v)
        {
            detail::check_vector(name, v, v.size(), "d_model");
        }
    } // namespace

    std::vector<language_model_tensor> language_model_tensors(language_model_params& p)
    {
        std::vector<language_model_tensor> out;
        visit_tensors(p,
                      [&](const std::string& name, auto& t)
                      {
                          const extent e = extent_of(t);
                          out.push_back({name, t.data(), e.first, e.second});
                      });
        return out;
    }

    std::vector<parameter_ref> language_model_parameter_refs(language_model_params& values,
                                                             language_model_params& gradients)
    {
        const std::vector<language_model_tensor> v = language_model_tensors(values);
        const std::vector<language_model_tensor> g = language_model_tensors(gradients);
        std::vector<parameter_ref> refs;
        for (std::size_t k = 0; k < v.size(); ++k)
        {
            if (k >= g.size() || g[k].rows != v[k].rows || g[k].cols != v[k].cols)
            {
                detail::fail("gradients", "the shapes of the model's parameters",
                             k < g.size() ? g[k].name + " of shape " +
                                                detail::format_shape(g[k].rows, g[k].cols)
                                          : "no " + v[k].name);
            }
            refs.push_back({v[k].name, v[k].data, g[k].data, v[k].rows * v[k].cols});
        }
        return refs;
    }

    std::uint64_t language_model_parameter_count(const language_model_config& config)
    {
        std::uint64_t count = 0;
        for (const extent& e : config_extents(config))
        {
            count += e.first * e.second;
        }
        return count;
    }

    void check_language_model_config(const language_model_config& c)
    {
        const std::pair<const char*, std::size_t> sizes[] = {
            {"vocab", c.vocab},   {"dModel", c.d_model}, {"heads", c.heads},
            {"kvHeads", c.kv_heads}, {"layers", c.layers}, {"dFF", c.d_ff},
            {"context", c.context}};
        for (const auto& [name, value] : sizes)
        {
            detail::check_dimension(name, value);
        }
        if (c.d_model % c.heads != 0 || (c.d_model / c.heads) % 2 != 0)
        {
            detail::fail("heads",
                         "a divisor of dModel = " + std::to_string(c.d_model) +
                             " leaving an even d_k = dModel / heads (RoPE rotates pairs of "
                             "columns)",
                         std::to_string(c.heads));
        }
        if (c.heads % c.kv_heads != 0)
        {
            detail::fail("kvHeads", "a divisor of heads = " + std::to_string(c.heads),
                         std::to_string(c.kv_heads));
        }
        // The layers check ropeBase and eps again, on every call; here they fail before any
        // parameter is drawn.
        if (!(c.rope_base > 1) || !std::isfinite(c.rope_base))
        {
            detail::fail("ropeBase", "a finite number above 1", detail::format_number(c.rope_base));
        }
        if (!(c.eps > 0 && c.eps <= 1))
        {
            detail::fail("eps", "a small positive number (at most 1) such as 1e-6",
                         detail::format_number(c.eps));
        }
    }

    void check_language_model_size(const std::string& argument, const language_model_config& c)
    {
        const std::uint64_t count = language_model_parameter_count(c);
        if (count > max_peak_cells)
        {
            detail::fail(argument,
                         "a model of at most " + std::to_string(max_peak_cells) + " parameters",
                         std::to_string(count) + " (vocab " + std::to_string(c.vocab) +
                             ", dModel " + std::to_string(c.d_model) + ", " +
                             std::to_string(c.layers) + " layers, dFF " +
                             std::to_string(c.d_ff) + ")");
        }
    }

    void check_language_model_params(const language_model_params& p)
    {
        check_language_model_config(p.config);
        if (p.layers.size() != p.config.layers)
        {
            detail::fail("layers", std::to_string(p.config.layers) + " layers (the config's)",
                         std::to_string(p.layers.size()));
        }
        for (std::size_t l = 0; l < p.layers.size(); ++l)
        {
            const decoder_layer_params& layer = p.layers[l];
            const std::string name = "layers[" + std::to_string(l) + "]";
            if (!layer.attention.w_q || !layer.attention.w_k || !layer.attention.w_v ||
                !layer.attention.w_o || !layer.gamma1 || !layer.gamma2)
            {
                detail::fail(name, "every weight and γ given (a model seeds none)",
                             "a layer with one omitted");
            }
        }
        // Every tensor's shape against the config's, then its numbers, named with its layer
        // ("layers[1].wUp[0][2]: expected a finite number, got NaN").
        const std::vector<extent> want = config_extents(p.config);
        std::size_t k = 0;
        visit_tensors(p,
                      [&](const std::string& name, const auto& t)
                      {
                          const extent have = extent_of(t);
                          if (have != want[k])
                          {
                              detail::fail(name,
                                           "a tensor of shape " +
                                               detail::format_shape(want[k].first, want[k].second) +
                                               " (from the config)",
                                           detail::format_shape(have.first, have.second));
                          }
                          check_finite(name, t);
                          ++k;
                      });
        if (p.config.tied && p.unembedding.size() != 0)
        {
            detail::fail("unembedding", "none (the model is tied: its embedding unembeds)",
                         detail::format_shape(rows(p.unembedding), cols(p.unembedding)));
        }
    }

    language_model_params language_model_initial(const language_model_config& config,
                                                 std::uint32_t seed)
    {
        check_language_model_config(config);
        language_model_params p = detail::language_model_zero_params(config);
        normal_stream draws(stream_state(seed, language_model_stream));
        for (const language_model_tensor& t : language_model_tensors(p))
        {
            const bool gain = is_norm_gain(t);
            for (std::size_t k = 0; k < t.rows * t.cols; ++k)
            {
                t.data[k] = gain ? 1.0 : llama_initializer_range * draws.next();
            }
        }
        return p;
    }

    bool is_norm_gain(const language_model_tensor& t)
    {
        return t.rows == 1 && t.name.find("amma") != std::string::npos;
    }

    namespace detail
    {
        language_model_params language_model_zero_params(const language_model_config& c)
        {
            language_model_params p;
            p.config = c;
            p.layers.resize(c.layers);
            for (decoder_layer_params& layer : p.layers)
            {
                layer.attention.w_q = layer.attention.w_k = layer.attention.w_v =
                    layer.attention.w_o = matrix();
                layer.gamma1 = layer.gamma2 = vector();
            }
            const std::vector<extent> shapes = config_extents(c);
            std::size_t k = 0;
            visit_tensors(p, [&](const std::string&, auto& t) { set_zero(t, shapes[k++]); });
            return p;
        }
    } // namespace detail
} // namespace attn
